/**
 * The import graph's rules (ADR 044): each app's layers import only downwards, and nothing imports
 * in a circle, type-only imports included. `npm run check:imports` runs them, inside
 * `npm run validate` and first in `npm run test:all`, so a new upward import or circle fails CI.
 *
 * The API, top to bottom: entry points (server.ts, serve.ts, scripts/) > app.ts > world/ >
 * modules/* > plugins/ > db/ > lib/ (with config.ts and heap-budget.ts). Modules sit side by side and
 * reach one another through their index.ts (the lint's boundaries rule holds that part).
 * The portal, top to bottom: main.tsx and entry-server.tsx > app/ > features/* > components/ > lib/.
 * Tests and the test helpers are free to import any layer; production code never imports them.
 */
const API = '^apps/api/src/';
const PORTAL = '^apps/portal/src/';
/** Tests, their helpers (test/, testing/, a feature's `-testing` file) and the portal's test table. */
const TESTS = [
  '\\.test\\.tsx?$',
  '-testing\\.tsx?$',
  `${API}test/`,
  `${PORTAL}testing/`,
  `${PORTAL}components/data-table/test-table\\.tsx$`,
];

/** One app's layers, top first: each a name and the paths it holds. */
const apiLayers = [
  ['entry point', [`${API}(server|serve)\\.ts$`, `${API}scripts/`]],
  ['app.ts', [`${API}app\\.ts$`]],
  ['world/', [`${API}world/`]],
  ['a module', [`${API}modules/`]],
  ['plugins/', [`${API}plugins/`]],
  ['db/', [`${API}db/`]],
  // The settings (config.ts) and the memory budget's flags (heap-budget.ts) sit with lib/.
  ['lib/', [`${API}lib/`, `${API}(config|heap-budget)\\.ts$`]],
];
const portalLayers = [
  ['entry point', [`${PORTAL}(main|entry-server)\\.tsx$`]],
  ['app/', [`${PORTAL}app/`]],
  ['a feature', [`${PORTAL}features/`]],
  ['components/', [`${PORTAL}components/`]],
  ['lib/', [`${PORTAL}lib/`]],
];

/** For each layer, one rule: nothing in it imports a layer above it. */
function downwardsOnly(app, layers) {
  return layers.slice(1).map(([name, paths], index) => ({
    name: `${app}: ${name} imports no higher layer`,
    comment: `In ${app}, ${name} is below ${layers
      .slice(0, index + 1)
      .map(([above]) => above)
      .join(', ')}: it must not import them (ADR 044).`,
    severity: 'error',
    from: { path: paths, pathNot: TESTS },
    to: { path: layers.slice(0, index + 1).flatMap(([, above]) => above) },
  }));
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A circle of imports, type-only ones included, means two files are one piece (ADR 044).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'production code imports no test',
      comment: 'Tests and their helpers stay out of what the server and the portal run.',
      severity: 'error',
      from: { path: [API, PORTAL], pathNot: TESTS },
      to: { path: TESTS },
    },
    ...downwardsOnly('the API', apiLayers),
    ...downwardsOnly('the portal', portalLayers),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '/dist-server/'] },
    // Type-only imports are imports: a circle of types is still a circle.
    tsPreCompilationDeps: true,
    // The portal's `@/` paths; the API's imports are relative.
    tsConfig: { fileName: 'apps/portal/tsconfig.json' },
    // Packages' subpaths (`@lynk/contract/money`, `pg-boss`) through their `exports`, as Node does.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
