// Lint rules: typescript-eslint's type-checked recommended set (floating and misused promises
// are errors), the React hooks rules for the client, and the import boundaries between layers.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createNodeResolver } from 'eslint-plugin-import-x';
import { noLiteralScreenPath } from './scripts/lint/no-literal-screen-path.mjs';

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', '.data-test/**', 'test-results/**'] },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // An async function that implements a promise-returning interface without awaiting is fine.
      '@typescript-eslint/require-await': 'off',
    },
  },
  // No import cycles in the site's code: a cycle makes module order matter and hides which of two
  // modules is the lower layer. Type-only imports do not count (they vanish from the build).
  {
    files: ['src/**/*.{ts,tsx}', 'migrations/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      // Node's own resolution, which knows package.json "imports" (#server/*, #shared/*, ...).
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Client links take their paths from the route table (src/shared/screen-paths.ts), never as
  // literals: a path changed in the table then changes every link to it.
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { site: { rules: { 'no-literal-screen-path': noLiteralScreenPath } } },
    rules: { 'site/no-literal-screen-path': 'error' },
  },
  // One-way layers (docs/architecture.md): services and repositories hold the rules and the SQL
  // and know nothing of the doors (tRPC, REST, Fastify); the client reaches the server only for
  // types; src/shared serves both sides and imports neither.
  {
    files: ['src/server/**/*.service.ts', 'src/server/**/*.repository.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@trpc/*', 'fastify', '@fastify/*', 'trpc-to-openapi'],
              message: 'Services and repositories do not know the transport: take plain values, throw AppError.',
            },
            {
              // `#` starts a comment in gitignore-style groups, so the subpath imports are regexes.
              regex: '^#server/(trpc|context|router)\\.ts$|^#server/rest/|\\.(router|uploads)\\.ts$',
              message: 'Services and repositories sit below the routers and the REST layer; move the shared piece down (auth/, a service).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^#server/|^#migrations/|/server/',
              allowTypeImports: true,
              message: 'The client imports the server only as types (import type); shared code goes in src/shared.',
            },
            {
              // A schema module brings zod into the screen's download (a public page: at most 100 KB).
              regex: '^#shared/schemas/|^zod$',
              allowTypeImports: true,
              message:
                'The client imports the schemas and zod only as types; a constant it needs at run time goes in src/shared/limits.ts (or value-sets.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^#(server|client)/|/(server|client)/|^(fastify|@fastify/.*|react|react-dom|kysely)$',
              message: 'src/shared serves both sides and imports neither.',
            },
          ],
        },
      ],
    },
  },
  // SQL only in repositories (one per table, docs/decisions/one-repository-per-table.md): a query
  // builder's statement anywhere else in the site's code or scripts fails. Migrations describe the
  // schema as it was and tests set up rows, so both may write SQL.
  {
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.{ts,mjs}'],
    ignores: ['src/server/**/*.repository.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression > MemberExpression.callee[property.name=/^(selectFrom|insertInto|updateTable|deleteFrom)$/]',
          message: "SQL lives in the table's repository (src/server/<area>/<table>.repository.ts); call a function of it.",
        },
      ],
    },
  },
  // Dates a person reads go through the one formatter (src/shared/format/dates.ts: the shop's time
  // zone, British English, one cached formatter per option set) and wall-clock arithmetic through
  // src/shared/calendar-date.ts; a formatter built anywhere else drifts from them. The shop schema
  // builds one only to ask whether a time-zone name is real.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/shared/format/dates.ts', 'src/shared/calendar-date.ts', 'src/shared/schemas/shop.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'Intl',
          property: 'DateTimeFormat',
          message: 'Format dates with src/shared/format/dates.ts, and do wall-clock arithmetic with src/shared/calendar-date.ts.',
        },
      ],
    },
  },
  {
    // Migrations run on Kysely<any> by design (they describe the schema as it was, not today's
    // types), and so does the migrator that runs them; tests read arbitrary JSON bodies, so the
    // "unsafe any" family would flag every `res.body.x`.
    files: ['migrations/**', 'src/server/db/migrator.ts', 'test/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['scripts/**/*.mjs', 'eslint.config.js'],
    languageOptions: { globals: globals.node },
  },
);
