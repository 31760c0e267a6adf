// How far the server's JavaScript heap may grow past what is live before V8 collects it whole
// (HEAP_GROWING_PERCENT). Left to itself V8 lets the old generation reach up to four times the live heap when
// collecting is cheap: a server with 67 MB live stood at 250 MB between collections while it took receiving
// batches of 5,000 lines (each batch's parsed documents outlive two young-generation collections and are
// garbage in the old one a moment later), 205 MB over its start. At 50 % the peak stayed 52-64 MB over the start,
// at the same lines a second (bench:ingest, docs/benchmarks.md, issue 28). The price is more full collections:
// about 4 ms more at getInfo's p99 during a 100,000-delivery webhook drain; none seen in bench:mixed. The flag is
// V8's own and is read at every full collection, so setting it at start is enough.
import v8 from 'node:v8';

/** Applies `percent` (0: V8's own heuristics, left alone). */
export function applyHeapGrowth(percent: number): void {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
