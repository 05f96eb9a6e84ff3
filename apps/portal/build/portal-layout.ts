import type { Plugin } from 'vite';

/**
 * The portal's lazy parts as the build finds them, for the bundle budget (ADR 037): a route's
 * first load is measured with the signed-in frame's chunks unless it renders outside the frame
 * (the customer's pay page, and parts only code outside the frame loads, such as the toast host).
 */
export interface PortalLayout {
  frame: string;
  /** Route modules (the router's dynamic imports). */
  routes: Set<string>;
  /** Routes and on-demand parts that render outside the frame. */
  outside: Set<string>;
}

export interface PortalLayoutOptions {
  /** The module whose dynamic imports are the routes' pages (a path from the portal's folder). */
  router: string;
  /** The signed-in frame the other routes render in. */
  frame: string;
  /** The routes rendered outside the frame. */
  outside: string[];
}

interface ModuleGraph {
  /** Modules the page starts with (the entries). */
  entries: readonly string[];
  routes: ReadonlySet<string>;
  importedIds: (id: string) => readonly string[];
  dynamicallyImportedIds: (id: string) => readonly string[];
}

/**
 * The roots rendered outside the frame: the given routes and every part (not a route) loaded from
 * code that runs outside it (the entries, or an outside root), until nothing more is found.
 */
export function outsideRoots(graph: ModuleGraph, outsideRoutes: readonly string[]): Set<string> {
  const outside = new Set(outsideRoutes);
  const runsOutside = new Set<string>();
  const pending = [...graph.entries, ...outsideRoutes];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (runsOutside.has(id)) continue;
    runsOutside.add(id);
    pending.push(...graph.importedIds(id));
    for (const part of graph.dynamicallyImportedIds(id)) {
      if (graph.routes.has(part) || outside.has(part)) continue;
      outside.add(part);
      pending.push(part);
    }
  }
  return outside;
}

export function portalLayout(options: PortalLayoutOptions) {
  let layout: PortalLayout | undefined;
  const plugin: Plugin = {
    name: 'lynk-portal-layout',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      const ids = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id);
      const find = (path: string) => {
        const id = ids.find((candidate) => candidate.endsWith(`/${path}`));
        if (!id) this.error(`portal-layout: no module ${path}`);
        return id;
      };
      const routes = new Set(info(find(options.router))?.dynamicallyImportedIds ?? []);
      const graph: ModuleGraph = {
        entries: ids.filter((id) => info(id)?.isEntry),
        routes,
        importedIds: (id) => info(id)?.importedIds ?? [],
        dynamicallyImportedIds: (id) => info(id)?.dynamicallyImportedIds ?? [],
      };
      layout = {
        frame: find(options.frame),
        routes,
        outside: outsideRoots(graph, options.outside.map(find)),
      };
    },
    // Chunks importing each other in a circle run one before the other's modules are defined (the
    // page fails with "cannot read … of undefined"): the build refuses to write them.
    generateBundle(_options, bundle) {
      const cycle = chunkCycle(bundle);
      if (cycle) this.error(`portal-layout: chunks import each other in a circle: ${cycle.join(' → ')}`);
    },
  };
  /** What the budget needs to know of the portal's parts, once the build has read them. */
  return { plugin, layout: () => layout };
}

type Bundle = Record<string, { type: 'chunk'; imports: string[] } | { type: 'asset' }>;

/** A circle of static imports between the bundle's chunks, if there is one. */
export function chunkCycle(bundle: Bundle): string[] | null {
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (file: string, path: string[]): string[] | null => {
    if (state.get(file) === 'visiting') return [...path.slice(path.indexOf(file)), file];
    if (state.get(file) === 'done') return null;
    state.set(file, 'visiting');
    const item = bundle[file];
    for (const imported of item?.type === 'chunk' ? item.imports : []) {
      const cycle = visit(imported, [...path, file]);
      if (cycle) return cycle;
    }
    state.set(file, 'done');
    return null;
  };
  for (const file of Object.keys(bundle)) {
    const cycle = visit(file, []);
    if (cycle) return cycle;
  }
  return null;
}
