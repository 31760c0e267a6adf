// Lint for the whole workspace: TypeScript-aware recommended rules, React hooks rules for the web,
// and the layering of architecture.md (features apart, db below platform, no import cycles).
import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const modulesDir = './apps/server/src/modules';
const serverModules = fs
  .readdirSync(modulesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
/** A module's repo files (repo.ts, employee-repo.ts): its SQL, which no other module imports. */
// A module's repo files, its sub-areas' included (settlement/bills/repo.ts).
const repoFiles = (name) =>
  fs
    .readdirSync(`${modulesDir}/${name}`, { recursive: true })
    .filter((f) => /(^|[-/])repo\.ts$/.test(f))
    .map((f) => `${modulesDir}/${name}/${f}`);

const featuresDir = './apps/web/src/features';
const features = fs
  .readdirSync(featuresDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // A feature never imports another feature: what two features share lives in components/, lib/ or api/.
            ...features.map((name) => ({
              target: `${featuresDir}/${name}`,
              from: featuresDir,
              except: [`./${name}`],
              message: 'A feature never imports another feature; move what they share to components/, lib/ or api/.',
            })),
            // The database layer knows nothing of HTTP or the app's platform.
            {
              target: './apps/server/src/db',
              from: ['./apps/server/src/platform', './apps/server/src/modules'],
              message: 'db/ sits below platform/ and modules/ and never imports them.',
            },
            // A module may call another module's service, never its repo.
            ...serverModules.map((name) => ({
              target: `${modulesDir}/${name}`,
              from: serverModules.filter((other) => other !== name).flatMap(repoFiles),
              message: "A module never imports another module's repo: call its service, or move what both need to platform/.",
            })),
            {
              target: './apps/server/src/lib',
              from: ['./apps/server/src/db', './apps/server/src/platform', './apps/server/src/modules'],
              message: 'lib/ holds plain helpers that depend on nothing else of the server.',
            },
          ],
        },
      ],
    },
  },
  {
    // The platform never imports a module (its tests may drive one).
    files: ['apps/server/src/platform/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/server/src/platform',
              from: modulesDir,
              message: 'platform/ never imports a module; what modules share lives in platform/.',
            },
          ],
        },
      ],
    },
  },
  {
    // SQL lives in repo files: the `sql` tag of Kysely is imported by repos (and db/, platform/) only.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      '**/repo.ts',
      '**/*-repo.ts',
      // Files whose one purpose is SQL of their module (a condition, a rollup, a throttle table, a list, a job).
      'apps/server/src/modules/acceptance/condition.ts',
      'apps/server/src/modules/acceptance/rollup.ts',
      'apps/server/src/modules/base-info/lists.ts',
      'apps/server/src/modules/certificate/expiry.ts',
      'apps/server/src/modules/dynamic-query/runner.ts',
      'apps/server/src/modules/supplier-apply/throttle.ts',
      // Test documents written straight into the tables.
      'apps/server/src/modules/settlement/fixtures.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', importNames: ['sql'], message: 'SQL lives in repo files (repo.ts, x-repo.ts) or platform/sql/.' }] },
      ],
      // The query builder is SQL too: a service asks its repo.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto)$/]',
          message: 'Queries live in repo files (repo.ts, x-repo.ts): a service calls its repo.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
