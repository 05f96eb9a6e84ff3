import type { Plugin } from 'vite';

/** Mantine's class names: `m_` and eight hex digits, the same in its scripts and its stylesheets. */
const MANTINE_CLASS = /\bm_[0-9a-f]{8}\b/g;

interface BundleItem {
  type: 'chunk' | 'asset';
  fileName: string;
  code?: string;
  source?: string | Uint8Array;
}

const classesIn = (text: string) => new Set(text.match(MANTINE_CLASS) ?? []);
const textOf = (source: string | Uint8Array | undefined) =>
  typeof source === 'string' ? source : new TextDecoder().decode(source);

/**
 * The Mantine classes the bundle's scripts use that none of its stylesheets styles, each with the
 * first script using it: a component rendered without its stylesheet (src/app/mantine-styles.ts
 * imports them one by one).
 */
export function unstyledMantineClasses(bundle: Record<string, BundleItem>): Map<string, string> {
  const styled = new Set<string>();
  for (const item of Object.values(bundle)) {
    if (item.type === 'asset' && item.fileName.endsWith('.css')) {
      for (const name of classesIn(textOf(item.source))) styled.add(name);
    }
  }
  const unstyled = new Map<string, string>();
  for (const item of Object.values(bundle)) {
    if (item.type !== 'chunk') continue;
    for (const name of classesIn(item.code ?? '')) {
      if (!styled.has(name) && !unstyled.has(name)) unstyled.set(name, item.fileName);
    }
  }
  return unstyled;
}

/** Fails the build when a Mantine component in the bundle has no stylesheet in it. */
export function mantineStylesComplete(): Plugin {
  return {
    name: 'lynk-mantine-styles-complete',
    apply: 'build',
    generateBundle(_options, bundle) {
      const unstyled = unstyledMantineClasses(bundle as unknown as Record<string, BundleItem>);
      if (unstyled.size === 0) return;
      const list = [...unstyled].map(([name, file]) => `${name} (${file})`).join(', ');
      this.error(
        `Mantine classes without a stylesheet: ${list}. Find each in node_modules/@mantine/core/styles/ and import that file in src/app/mantine-styles.ts.`,
      );
    },
  };
}
