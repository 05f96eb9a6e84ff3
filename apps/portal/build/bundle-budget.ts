import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import type { PortalLayout } from './portal-layout.ts';

/**
 * What a page may cost the browser, in KB of gzip (the build fails above it), per issue 13's
 * "for the entry and per route" (ADR 037):
 * - `initialJs`, `initialCss`: the entry and everything it imports before the first screen can
 *   render, on every page (issue 13's target for the JS);
 * - `route`: the most a route's first load brings beyond that: its page's chunks, with the
 *   signed-in frame's for every route inside the frame;
 * - `lazyPart`: the most a part loaded on demand (a modal, a dialog, a host) brings beyond the
 *   page it opens on: beyond the frame inside it, beyond the shell outside it.
 * Each holds the line a little above where the portal is. A budget only ever moves down.
 */
const BUNDLE_BUDGET_KB = { initialJs: 150, initialCss: 27, route: 120, lazyPart: 60 };
export type BundleBudget = typeof BUNDLE_BUDGET_KB;

/**
 * Parts on demand that only one page opens and that may weigh more than `lazyPart`, each with its
 * own budget, measured beyond that page's first load (the frame and the page's chunks):
 * - the analytics page's charts: Recharts, under @mantine/charts, is ~115 KB gzip by itself. The
 *   page's figures and tables (the chart's data among them, for screen readers) render without
 *   it; the bars come once it is there. No other page loads it.
 * Like the others, each budget only ever moves down.
 */
export interface PagePart {
  /** The part's module and the route module of the page that opens it (paths from the portal's folder). */
  part: string;
  page: string;
  kb: number;
}
const PAGE_PARTS: readonly PagePart[] = [
  {
    part: 'src/features/analytics/components/series-chart.tsx',
    page: 'src/features/analytics/components/analytics-page.tsx',
    kb: 120,
  },
];

interface Chunk {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
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

interface Piece {
  name: string;
  kb: number;
}
const largest = (pieces: Piece[]) => pieces.sort((a, b) => b.kb - a.kb)[0] ?? { name: '', kb: 0 };

export function measureBundle(bundle: Bundle, layout: PortalLayout, pageParts: readonly PagePart[]) {
  const chunks = Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');
  const size = (files: Iterable<string>, without: ReadonlySet<string> = new Set()) => {
    let kb = 0;
    for (const file of files) {
      const item = bundle[file];
      if (item && !without.has(file)) kb += gzipKb(item.type === 'chunk' ? item.code : item.source);
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
  const lazy = chunks.filter((chunk) => chunk.isDynamicEntry && !initial.has(chunk.fileName));
  const frameChunk = lazy.find((chunk) => chunk.facadeModuleId === layout.frame);
  if (!frameChunk) throw new Error('bundle-budget: the frame has no chunk of its own');
  const withFrame = staticClosure(bundle, frameChunk.fileName, new Set(initial));
  const routes: Piece[] = [];
  const parts: Piece[] = [];
  const ownBudget: (Piece & { limit: number })[] = [];
  const chunkOf = (path: string) => lazy.find((chunk) => chunk.facadeModuleId?.endsWith(`/${path}`));
  const measuredApart = new Set<Chunk>();
  for (const { part, page, kb: limit } of pageParts) {
    const partChunk = chunkOf(part);
    const pageChunk = chunkOf(page);
    if (!partChunk || !pageChunk) throw new Error(`bundle-budget: no chunk of ${partChunk ? page : part}`);
    measuredApart.add(partChunk);
    const pageLoad = staticClosure(bundle, pageChunk.fileName, new Set(withFrame));
    const kb = size(staticClosure(bundle, partChunk.fileName), pageLoad);
    ownBudget.push({ name: partChunk.fileName, kb, limit });
  }
  for (const chunk of lazy) {
    if (measuredApart.has(chunk)) continue;
    const id = chunk.facadeModuleId ?? '';
    const inFrame = !layout.outside.has(id);
    if (layout.routes.has(id)) {
      const loaded = staticClosure(bundle, chunk.fileName, inFrame ? new Set(withFrame) : new Set(initial));
      routes.push({ name: chunk.fileName, kb: size(loaded, initial) });
    } else if (id !== layout.frame) {
      const before = inFrame ? withFrame : initial;
      parts.push({ name: chunk.fileName, kb: size(staticClosure(bundle, chunk.fileName), before) });
    }
  }
  return {
    initialJs: size(initial),
    initialCss: size(css),
    largestRoute: largest(routes),
    largestPart: largest(parts),
    ownBudget,
  };
}

/** Prints what the first page costs and fails the build over the budget. */
export function bundleBudget(
  layout: () => PortalLayout | undefined,
  budget: BundleBudget = BUNDLE_BUDGET_KB,
  pageParts: readonly PagePart[] = PAGE_PARTS,
): Plugin {
  return {
    name: 'lynk-bundle-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const portal = layout();
      if (!portal) return this.error("bundle-budget: the portal's layout was not read (portal-layout)");
      const measured = measureBundle(bundle as unknown as Bundle, portal, pageParts);
      const line = (label: string, kb: number, limit: number) =>
        `${label} ${kb.toFixed(1)} KB gzip (budget ${limit} KB)`;
      const report = [
        line('initial JS', measured.initialJs, budget.initialJs),
        line('initial CSS', measured.initialCss, budget.initialCss),
        line(`largest route (${measured.largestRoute.name})`, measured.largestRoute.kb, budget.route),
        line(
          `largest part on demand (${measured.largestPart.name})`,
          measured.largestPart.kb,
          budget.lazyPart,
        ),
        ...measured.ownBudget.map((part) => line(`${part.name} beyond its page`, part.kb, part.limit)),
      ];
      this.info(report.join('; '));
      const over =
        measured.initialJs > budget.initialJs ||
        measured.initialCss > budget.initialCss ||
        measured.largestRoute.kb > budget.route ||
        measured.largestPart.kb > budget.lazyPart ||
        measured.ownBudget.some((part) => part.kb > part.limit);
      if (over) this.error(`Over the bundle budget: ${report.join('; ')}`);
    },
  };
}
