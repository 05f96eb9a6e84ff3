import { describe, expect, it } from 'vitest';
import { stableMantineIds } from './stable-mantine-ids.ts';

const resolve = (source: string, importer?: string) => {
  const plugin = stableMantineIds();
  (plugin.configResolved as (config: { root: string }) => void)({ root: '/repo/apps/portal' });
  return (plugin.resolveId as (source: string, importer?: string) => string | null)(source, importer);
};

describe("Mantine's useId in the portal's build", () => {
  it("is the portal's stable id where Mantine's hooks import theirs", () => {
    expect(resolve('./use-id/use-id.mjs', '/repo/node_modules/@mantine/hooks/esm/index.mjs')).toBe(
      '/repo/apps/portal/src/lib/stable-id.ts',
    );
  });

  it('leaves every other import alone', () => {
    expect(resolve('./use-id/use-id.mjs', '/repo/src/lib/x.ts')).toBeNull();
    expect(resolve('./use-id/use-id.mjs')).toBeNull();
    expect(
      resolve('./use-disclosure/use-disclosure.mjs', '/repo/node_modules/@mantine/hooks/esm/index.mjs'),
    ).toBeNull();
  });
});
