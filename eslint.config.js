import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

/**
 * Architecture boundaries (conventions 3 and 7 of the architecture): a portal feature never imports
 * another feature (shared pieces live in components/, lib/ or the contract), and nothing outside an
 * API module reaches into its repository (other modules, plugins and the world call its service).
 * Tests are free to set up data however they need.
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
      { type: 'api-shell', pattern: 'apps/api/src/{world,plugins,lib}' },
    ],
    'boundaries/files': [{ category: 'repository', pattern: 'apps/api/src/modules/**/*repository.ts' }],
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
                element: { type: 'api-module', captured: { module: '!{{from.captured.module}}' } },
                file: { categories: 'repository' },
              },
            },
            message: "A module calls another module's service, never its repository.",
          },
          {
            from: { element: { type: 'api-shell' } },
            disallow: { to: { file: { categories: 'repository' } } },
            message:
              "Plugins, libraries and the simulated world use a module's service, never its repository.",
          },
        ],
      },
    ],
  },
};

const ZOD_MINI_ONLY = { name: 'zod', message: "Schemas use 'zod/mini' (ADR 034)." };

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
          ZOD_MINI_ONLY,
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
      // ADR 034: one way to write a schema, the one a bundler can trim.
      'no-restricted-imports': ['error', { paths: [ZOD_MINI_ONLY] }],
    },
  },
  portalTexts,
  {
    files: ['apps/portal/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ['apps/portal/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  architecture,
);
