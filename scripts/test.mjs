// npm test: the parts of the test suite, each timed, with a summary of the times at the end: lint, the typecheck,
// the unit and server tests, then the web built once and the browser tests. Stops at the first part that fails.
// One at a time: lint and the typecheck side by side took longer on two cores (116 s) than one after the other (82 s).
import { spawn } from 'node:child_process';

const parts = [['lint'], ['typecheck'], ['test:unit'], ['test:e2e']];
const times = [];
const started = Date.now();

/** Runs `npm run <script>`: its output passes through live, or is kept and printed when it ends (`buffered`). */
function run(script, buffered) {
  return new Promise((resolve) => {
    const begun = Date.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks = [];
    child.stdout?.on('data', (c) => chunks.push(c));
    child.stderr?.on('data', (c) => chunks.push(c));
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - begun) / 1000);
      if (buffered) process.stdout.write(Buffer.concat(chunks));
      const status = code === 0 ? 'ok' : `FAILED (${signal ?? `exit ${code}`})`;
      console.log(`test: ${script} took ${seconds} s, ${status}`);
      times.push({ script, seconds, status });
      resolve(code ?? 1);
    });
  });
}

function summary() {
  console.log('test: ==== times ====');
  for (const t of times) console.log(`test:   ${t.script.padEnd(10)} ${String(t.seconds).padStart(5)} s  ${t.status}`);
  console.log(`test:   ${'total'.padEnd(10)} ${String(Math.round((Date.now() - started) / 1000)).padStart(5)} s`);
}

for (const group of parts) {
  const codes = await Promise.all(group.map((script) => run(script, group.length > 1)));
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) {
    summary();
    process.exit(failed);
  }
}
summary();
