import path from 'node:path';
import type { Plugin } from 'vite';

/** Mantine's hooks take `useId` from the portal's src/lib/stable-id.ts (see there why). */
export function stableMantineIds(): Plugin {
  let stableId = '';
  return {
    name: 'lynk-stable-mantine-ids',
    enforce: 'pre',
    configResolved(config) {
      stableId = path.join(config.root, 'src/lib/stable-id.ts');
    },
    resolveId(source, importer) {
      if (source === './use-id/use-id.mjs' && importer?.includes('/@mantine/hooks/esm/')) return stableId;
      return null;
    },
  };
}
