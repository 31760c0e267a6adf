// Compiles the server for production: one ES module per command in dist/ (main, seed, backup, restore),
// the workspace's own TypeScript (src/ and @portal/contract) bundled, npm packages left to node_modules.
// dist/ sits at the depth of src/, so paths taken from import.meta.url at the root of src/ hold in both.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

export const entryPoints = {
  main: 'src/main.ts',
  seed: 'src/seed-cli.ts',
  backup: 'src/db/backup/backup-cli.ts',
  restore: 'src/db/backup/restore-cli.ts',
};

export async function buildServer() {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const packages = Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies }).filter(
    (name) => !name.startsWith('@portal/'),
  );
  fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir: 'dist',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    // A package named here is external with its subpaths (pg-copy-streams, ...).
    external: packages,
    chunkNames: '[name]-[hash]',
    logLevel: 'warning',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
