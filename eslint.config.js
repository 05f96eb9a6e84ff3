import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

/**
 * Architecture boundaries (conventions 3 and 7 of the architecture, ADR 019 and 044): a portal
 * feature never imports another feature (shared pieces live in components/, lib/ or the contract),
 * and an API module is reached from outside only through its index.ts (its repository, routes and
 * the rest are its own). Which layer may import which, and the circles, are dependency-cruiser's
 * (`npm run check:imports`). Tests are free to set up data however they need.
 */
const architecture = {
  files: ['apps/portal/src/**/*.{ts,tsx}', 'apps/api/src/**/*.ts'],
  ignores: ['**/*.test.{ts,tsx}', 'apps/api/src/test/**', 'apps/portal/src/test/**'],
  plugins: { boundaries },
  settings: {
    'import/resolver': {
      typescript: {
        project: ['apps/portal/tsconfig.json', 'apps/api/tsconfig.json'],
        noWarnOnMultipleProjects: true,
      },
    },
    'boundaries/elements': [
      { type: 'portal-feature', pattern: 'apps/portal/src/features/*', capture: ['feature'] },
      { type: 'api-module', pattern: 'apps/api/src/modules/*', capture: ['module'] },
      { type: 'api-shell', pattern: 'apps/api/src/{world,plugins,db,lib,scripts}' },
    ],
    // The files at the API's root (app.ts, the entry points, the settings) are no element's.
    'boundaries/files': [{ category: 'api-root', pattern: 'apps/api/src/*.ts' }],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        policies: [
          {
            from: { element: { type: 'portal-feature' } },
            disallow: {
              to: {
                element: { type: 'portal-feature', captured: { feature: '!{{from.captured.feature}}' } },
              },
            },
            message:
              'A feature never imports another feature: move the shared piece to components/, lib/ or the contract.',
          },
          {
            from: { element: { type: 'api-module' } },
            disallow: {
              to: {
                element: {
                  type: 'api-module',
                  captured: { module: '!{{from.captured.module}}' },
                  fileInternalPath: '!index.ts',
                },
              },
            },
            message:
              'A module uses another module through its index.ts only: export the piece there if it is meant to be shared.',
          },
          {
            from: [{ element: { type: 'api-shell' } }, { file: { categories: 'api-root' } }],
            disallow: { to: { element: { type: 'api-module', fileInternalPath: '!index.ts' } } },
            message:
              'app.ts, the scripts and the world use a module through its index.ts only, never its repository or other files.',
          },
        ],
      },
    ],
  },
};

/** ADR 034: one way to write a schema, the one a bundler can trim. */
const zodMiniOnly = { name: 'zod', message: "Schemas use 'zod/mini' (ADR 034)." };

/**
 * ADR 009: a route parses, authorises, calls a service and replies; the SQL stays behind the
 * service, so a route never imports a repository (its own module's included).
 */
const routesCallServices = {
  files: ['apps/api/src/**/*routes.ts', 'apps/api/src/**/*-route.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [zodMiniOnly],
        patterns: [
          {
            regex: 'repository(\\.ts)?$',
            message: 'A route calls a service, never a repository (ADR 009).',
          },
        ],
      },
    ],
  },
};

/**
 * ADR 009: every rule reads the app's one clock (`app.clock`, from `BuildAppOptions.now`), which
 * tests and the browser journeys move. Real time is read in lib/clock.ts alone (`realClock`);
 * elapsed time in memory (a cache entry's age) is measured with `performance.now()`.
 */
const oneClock = {
  files: ['apps/api/src/**/*.ts'],
  ignores: ['**/*.test.ts', 'apps/api/src/test/**', 'apps/api/src/lib/clock.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: "NewExpression[callee.name='Date'][arguments.length=0]",
        message:
          'Read the app clock (`app.clock()`, or the `now` a service is given), not real time (ADR 009).',
      },
      {
        selector: "MemberExpression[object.name='Date'][property.name='now']",
        message:
          'Read the app clock (`app.clock()`, or the `now` a service is given), not real time (ADR 009).',
      },
    ],
  },
};

/**
 * One way to a text in the portal: a screen reads its copy from its feature's `texts.ts` (or
 * `components/texts.ts`, `app/texts.ts`), which names the contract's catalogue entries it uses.
 * Tests may read the catalogue itself, to check the screen shows the spec's words.
 */
const TEXTS_ONLY =
  'A component reads its texts from its texts.ts, which re-exports the catalogue entries it needs.';
const portalTexts = {
  files: ['apps/portal/src/**/*.{ts,tsx}'],
  ignores: ['**/texts.ts', '**/*.test.{ts,tsx}', 'apps/portal/src/test/**'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [
          zodMiniOnly,
          { name: '@lynk/contract/messages', message: TEXTS_ONLY },
          { name: '@lynk/contract/consumer', importNames: ['CONSUMER_MESSAGES'], message: TEXTS_ONLY },
          { name: '@lynk/contract/staff', importNames: ['STAFF_PRODUCT_MESSAGES'], message: TEXTS_ONLY },
          { name: '@lynk/contract/audit', importNames: ['AUDIT_MESSAGES'], message: TEXTS_ONLY },
        ],
        patterns: [
          {
            group: [
              '@lynk/contract/messages/*',
              '@lynk/contract/spec-messages',
              '@lynk/contract/product-messages',
            ],
            message: TEXTS_ONLY,
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [zodMiniOnly] }],
    },
  },
  {
    files: ['apps/portal/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  portalTexts,
  { files: ['apps/portal/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  architecture,
  routesCallServices,
  oneClock,
);
