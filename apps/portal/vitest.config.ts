import { defineProject, mergeConfig } from 'vitest/config';
import { browserBuild } from './vite.config.ts';

export default mergeConfig(
  browserBuild,
  defineProject({
    test: {
      name: 'portal',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      setupFiles: ['./src/test/setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
    },
  }),
);
