// A Vite build step: the modules a page needs before it can draw anything go out as four files instead of ~75.
// Left to itself, Rolldown cuts the entry's static imports into one chunk per set of importers (the entry and
// every lazy page that shares a module with it), so index.html preloaded 61 files of 0.1 to 88 KB gzip, and the
// signed-in shell fetched another wave after them: each file a request before the first paint. Those modules run
// on every visit anyway, so merging them costs no extra byte (React, antd and the rest of the entry stay three
// files, each compiled as it arrives; the signed-in shell's are the fourth). What they are is known only after tree-shaking
// (the entry reaches every antd component through antd's index, and uses a few), so a first build without this
// step (not written) tells which modules its start-up chunks held, and the real build groups exactly those.
import path from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';

/** The parts of `start` that go in a file of their own (a group takes a module and what it imports). */
const startParts = [
  { name: 'start-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'start-antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[a-z-]+)[\\/]/ },
];

/** Set in the planning build: the config leaves this step (and the file writers) out of it. */
export const planningPass = 'PORTAL_BUILD_PLANNING';

/** The chunks `from` imports statically, transitively, itself included; none of `skip`. */
function staticChunks(from: Rollup.OutputChunk, chunks: Map<string, Rollup.OutputChunk>, skip: Set<string>) {
  const found = new Set<string>();
  const todo = [from];
  for (let chunk = todo.pop(); chunk; chunk = todo.pop()) {
    if (found.has(chunk.fileName) || skip.has(chunk.fileName)) continue;
    found.add(chunk.fileName);
    for (const next of chunk.imports) {
      const c = chunks.get(next);
      if (c) todo.push(c);
    }
  }
  return found;
}

/**
 * The entry's start-up modules become the chunk `start`; then each of `lazyRoots` (paths from the project root,
 * each reached by a dynamic import: the signed-in shell) gets a chunk `<name>-start` of the modules its chunk and
 * its static imports held, less those of `start`. The root modules themselves stay where the lazy import points.
 */
export function startChunks(lazyRoots: string[]): Plugin {
  /** Module id → the group that takes it: filled by the planning build, read while chunking. */
  const groupOf = new Map<string, string>();
  const names = ['start', ...lazyRoots.map((r) => `${path.basename(r).replace(/\.[^.]+$/, '')}-start`)];
  let root = process.cwd();
  let configFile: string | undefined;
  return {
    name: 'portal-start-chunks',
    apply: 'build',
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // The entry's modules in three files, compiled one after the other as they come, not as one
                // 1.4 MB task (Lighthouse on /login and /dashboard, three runs each: TBT 77-149 ms, against 99-187).
                ...startParts.map(({ name, test }, at) => ({
                  name,
                  priority: startParts.length + 1 - at,
                  test: (id: string) => groupOf.get(id) === 'start' && test.test(id),
                })),
                ...names.map((name) => ({ name, priority: 1, test: (id: string) => groupOf.get(id) === name })),
              ],
            },
          },
        },
      },
    }),
    configResolved(config) {
      root = config.root;
      configFile = config.configFile;
    },
    async buildStart() {
      groupOf.clear();
      const roots = lazyRoots.map((r) => path.resolve(root, r));
      const plan: Plugin = {
        name: 'portal-start-chunks-plan',
        generateBundle(_options, bundle) {
          const all = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
          const chunks = new Map(all.map((c) => [c.fileName, c]));
          const entries = all.filter((c) => c.isEntry);
          const taken = new Set<string>();
          const stay = new Set([...roots, ...entries.flatMap((c) => (c.facadeModuleId ? [c.facadeModuleId] : []))]);
          const starts = [
            entries,
            ...roots.map((id) => {
              const chunk = all.find((c) => c.facadeModuleId === id);
              if (!chunk) this.error(`start-chunks: no chunk starts at ${id}`);
              return [chunk];
            }),
          ];
          starts.forEach((from, at) => {
            const files = new Set(from.flatMap((c) => [...staticChunks(c, chunks, taken)]));
            for (const file of files) {
              taken.add(file);
              for (const id of chunks.get(file)!.moduleIds) if (!stay.has(id) && !groupOf.has(id)) groupOf.set(id, names[at]!);
            }
          });
        },
      };
      process.env[planningPass] = '1';
      try {
        await build({ configFile, root, logLevel: 'silent', build: { write: false, minify: false }, plugins: [plan] });
      } finally {
        delete process.env[planningPass];
      }
      if (!groupOf.size) this.error('start-chunks: the planning build found no start-up modules');
    },
  };
}
