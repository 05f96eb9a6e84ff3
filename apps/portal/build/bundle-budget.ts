import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * What a page may cost the browser, in KB of gzip (the build fails above it). `initialJs` is the
 * entry and everything it imports before the first screen can render, on every page; `lazyPiece`
 * is the most any one part loaded on demand (a route, a tab's pane, a modal) brings with it beyond
 * that, counted as if it were the first thing opened. `initialJs` is issue 13's target (the portal
 * is just under it since ADR 034); the others hold the line a little above where the portal is (36
 * and 119 KB). A budget only ever moves down.
 */
export const BUNDLE_BUDGET_KB = { initialJs: 150, initialCss: 38, lazyPiece: 120 };

interface Chunk {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}
interface Asset {
  type: 'asset';
  fileName: string;
  source: string | Uint8Array;
}
type Bundle = Record<string, Chunk | Asset>;

const gzipKb = (content: string | Uint8Array) => gzipSync(content).length / 1024;

/** A chunk and every chunk it imports statically, transitively (what loads with it). */
function staticClosure(bundle: Bundle, start: string, into = new Set<string>()): Set<string> {
  if (into.has(start)) return into;
  into.add(start);
  const chunk = bundle[start];
  if (chunk?.type === 'chunk') for (const imported of chunk.imports) staticClosure(bundle, imported, into);
  return into;
}

export function measureBundle(bundle: Bundle) {
  const chunks = Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');
  const size = (files: Iterable<string>) => {
    let kb = 0;
    for (const file of files) {
      const item = bundle[file];
      if (item) kb += gzipKb(item.type === 'chunk' ? item.code : item.source);
    }
    return kb;
  };
  const initial = new Set<string>();
  for (const entry of chunks.filter((chunk) => chunk.isEntry)) staticClosure(bundle, entry.fileName, initial);
  const css = new Set<string>();
  for (const file of initial) {
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') chunk.viteMetadata?.importedCss.forEach((name) => css.add(name));
  }
  const lazy = chunks
    .filter((chunk) => chunk.isDynamicEntry && !initial.has(chunk.fileName))
    .map((chunk) => {
      const added = [...staticClosure(bundle, chunk.fileName)].filter((file) => !initial.has(file));
      return { name: chunk.fileName, kb: size(added) };
    })
    .sort((a, b) => b.kb - a.kb);
  return { initialJs: size(initial), initialCss: size(css), largestLazy: lazy[0] ?? { name: '', kb: 0 } };
}

/** Prints what the first page costs and fails the build over the budget. */
export function bundleBudget(budget = BUNDLE_BUDGET_KB): Plugin {
  return {
    name: 'lynk-bundle-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const measured = measureBundle(bundle as unknown as Bundle);
      const line = (label: string, kb: number, limit: number) =>
        `${label} ${kb.toFixed(1)} KB gzip (budget ${limit} KB)`;
      const report = [
        line('initial JS', measured.initialJs, budget.initialJs),
        line('initial CSS', measured.initialCss, budget.initialCss),
        line(`largest lazy piece (${measured.largestLazy.name})`, measured.largestLazy.kb, budget.lazyPiece),
      ];
      this.info(report.join('; '));
      const over =
        measured.initialJs > budget.initialJs ||
        measured.initialCss > budget.initialCss ||
        measured.largestLazy.kb > budget.lazyPiece;
      if (over) this.error(`Over the bundle budget: ${report.join('; ')}`);
    },
  };
}
