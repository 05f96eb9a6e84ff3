import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace: contract and API in Node, the portal in jsdom.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/api', 'apps/portal'],
  },
});
