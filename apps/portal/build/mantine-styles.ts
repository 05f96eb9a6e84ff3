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

/** The portal's CSS-module classes as Vite names them: `_local_hash_line`. */
const PORTAL_CLASS = /\._[A-Za-z][\w-]*_[0-9a-z]{5}_\d+\b/;

/**
 * The stylesheets where a rule of the portal's CSS modules comes before one of Mantine's: there
 * Mantine's wins at equal specificity, and the portal's override of it is lost.
 */
export function portalRulesBeforeMantine(bundle: Record<string, BundleItem>): string[] {
  const misplaced: string[] = [];
  for (const item of Object.values(bundle)) {
    if (item.type !== 'asset' || !item.fileName.endsWith('.css')) continue;
    const css = textOf(item.source);
    const firstPortal = css.search(PORTAL_CLASS);
    const lastMantine = Math.max(-1, ...[...css.matchAll(MANTINE_CLASS)].map((match) => match.index));
    if (firstPortal >= 0 && firstPortal < lastMantine) misplaced.push(item.fileName);
  }
  return misplaced;
}

/**
 * Fails the build when a Mantine component in the bundle has no stylesheet in it, or when the
 * portal's own rules come before Mantine's in a stylesheet.
 */
export function mantineStylesChecked(): Plugin {
  return {
    name: 'lynk-mantine-styles-checked',
    apply: 'build',
    generateBundle(_options, bundle) {
      const items = bundle as unknown as Record<string, BundleItem>;
      const unstyled = unstyledMantineClasses(items);
      if (unstyled.size > 0) {
        const list = [...unstyled].map(([name, file]) => `${name} (${file})`).join(', ');
        this.error(
          `Mantine classes without a stylesheet: ${list}. Find each in node_modules/@mantine/core/styles/ and import that file in src/app/mantine-styles.ts.`,
        );
      }
      const misplaced = portalRulesBeforeMantine(items);
      if (misplaced.length > 0) {
        this.error(
          `The portal's CSS modules come before Mantine's rules in ${misplaced.join(', ')}: Mantine's stylesheets must come first (src/main.tsx).`,
        );
      }
    },
  };
}
