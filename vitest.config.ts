import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace: contract and API in Node, the portal in jsdom, and the
// money tests of the API once more on a real PostgreSQL server.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/api', 'apps/api/vitest.postgres.config.ts', 'apps/portal'],
  },
});
