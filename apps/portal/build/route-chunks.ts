import { basename } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { moduleGraph } from './module-graph.ts';
import { chunkPlan, type PortalLayout } from './chunk-plan.ts';

/**
 * One chunk per set of routes that share code, instead of one chunk per shared module (ADR 037).
 *
 * Left to itself the bundler gives every set of lazy parts sharing modules a chunk of its own: the
 * dashboard asked for ~80 scripts of 1–2 KB, and a phone over HTTP/1.1 fetches six at a time, a
 * round trip each. Here the modules the routes share are grouped by which routes use them (see
 * chunkPlan), so a page loads the shell, the frame, its own chunk and the few it shares with other
 * pages, and none holds code that only another route uses.
 */
export interface RouteChunksOptions {
  /** The module whose dynamic imports are the routes' pages (a path from the portal's folder). */
  router: string;
  /** The signed-in frame the other routes render in. */
  frame: string;
  /** The routes rendered outside the frame. */
  outside: string[];
}

export function routeChunks(options: RouteChunksOptions) {
  const names = new Map<string, string>();
  let layout: PortalLayout | undefined;
  // Read by the bundler after the plugin has filled `names` (the groups are formed once the graph
  // is complete). Each set of routes is a name of its own, so a group of its own.
  const group: Rolldown.CodeSplittingGroup = {
    name: (id) => names.get(id) ?? null,
    test: (id) => names.has(id),
    priority: 1,
    // A module's imports are used by every route that uses it, and more: they belong to a group
    // at least as widely loaded, never to this one (see chunkPlan).
    includeDependenciesRecursively: false,
  };
  const plugin: Plugin = {
    name: 'lynk-route-chunks',
    apply: 'build',
    async buildEnd(error) {
      if (error) return;
      const ids = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id);
      const find = (path: string) => {
        const id = ids.find((candidate) => candidate.endsWith(`/${path}`));
        if (!id) this.error(`route-chunks: no module ${path}`);
        return id;
      };
      const graph = moduleGraph({
        code: (id) => info(id)?.code ?? null,
        importedIds: (id) => info(id)?.importedIds ?? [],
        exports: (id) => info(id)?.exports ?? [],
        resolve: async (specifier, importer) => (await this.resolve(specifier, importer))?.id ?? null,
        parse: (code) => this.parse(code),
      });
      const router = find(options.router);
      const routes = info(router)?.dynamicallyImportedIds ?? [];
      const parts = new Set(
        ids.flatMap((id) => (id === router ? [] : (info(id)?.dynamicallyImportedIds ?? []))),
      );
      for (const route of routes) parts.delete(route);

      const initial = new Set<string>();
      for (const entry of ids.filter((id) => info(id)?.isEntry)) {
        for (const id of await graph.closure(entry)) initial.add(id);
      }
      const closures = new Map<string, Set<string>>();
      for (const root of [...routes, ...parts]) closures.set(root, await graph.closure(root));

      const plan = chunkPlan({
        frame: find(options.frame),
        routes,
        outsideRoutes: options.outside.map(find),
        parts: [...parts],
        initial,
        closures,
        dynamicImporters: (id) => info(id)?.dynamicImporters ?? [],
        dependencies: graph.dependenciesOf,
        size: (id) => info(id)?.code?.length ?? 0,
      });
      layout = plan.layout;
      names.clear();
      plan.groups.forEach((members, index) => {
        const name = members.roots.includes(plan.layout.frame)
          ? 'frame'
          : members.roots.length === 1
            ? basename(members.roots[0] as string).replace(/\.[^.]+$/, '')
            : 'shared';
        for (const id of members.modules) names.set(id, `${name}-${index + 1}`);
      });
    },
    // Chunks importing each other in a circle run one before the other's modules are defined (the
    // page fails with "cannot read … of undefined"): the build refuses to write them.
    generateBundle(_options, bundle) {
      const cycle = chunkCycle(bundle);
      if (cycle) this.error(`route-chunks: chunks import each other in a circle: ${cycle.join(' → ')}`);
    },
  };
  /** What the budget needs to know of the portal's parts, once the build has read them. */
  const portalLayout = () => layout;
  return { plugin, group, portalLayout };
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
