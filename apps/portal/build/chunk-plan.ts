/**
 * Which chunk each module of the lazy parts goes in, from which routes use it.
 *
 * - A module every route using it shares with the signed-in frame goes in the frame's chunk: every
 *   route but the ones outside the frame loads it anyway. With a route outside the frame (the
 *   customer's pay page) among its users it goes in the chunk the frame shares with that route.
 * - Otherwise it goes in the chunk of the set of routes (and parts outside the frame, such as the
 *   toast host every page loads) that use it. A module only modals and other parts loaded on demand
 *   use goes by the set of those parts.
 * - A set of routes sharing less than `MERGE_BELOW_BYTES` of source shares the frame's chunk
 *   instead: on a phone a request costs more than those bytes (a round trip of ~150 ms against
 *   ~25 ms for 5 KB), and a page then asks for a handful of chunks, not dozens.
 * - A module one route alone uses stays in that route's own chunk (the bundler puts it there).
 *
 * A module's imports are used by every route that uses it, so they land in a chunk loaded at least
 * as widely: the chunks never import each other in a circle.
 */
export const MERGE_BELOW_BYTES = 20_000;

/** The portal's lazy parts as the build found them. */
export interface PortalLayout {
  frame: string;
  /** Route modules (the router's dynamic imports). */
  routes: Set<string>;
  /** Routes and on-demand parts that render outside the frame. */
  outside: Set<string>;
}

export interface ChunkPlanInput {
  frame: string;
  routes: readonly string[];
  outsideRoutes: readonly string[];
  /** Lazy parts that are not routes: modals, hosts, dialogs. */
  parts: readonly string[];
  /** Modules of the shell (the entry's static imports): they stay in the shell. */
  initial: ReadonlySet<string>;
  /** Each route's and part's module with everything it needs statically. */
  closures: ReadonlyMap<string, ReadonlySet<string>>;
  dynamicImporters: (id: string) => readonly string[];
  /** The modules a module imports (after barrels are seen through). */
  dependencies: (id: string) => readonly string[];
  size: (id: string) => number;
}

export interface ChunkGroup {
  roots: string[];
  modules: Set<string>;
  bytes: number;
}

export function chunkPlan(input: ChunkPlanInput): { layout: PortalLayout; groups: ChunkGroup[] } {
  const { frame } = input;
  const routes = new Set(input.routes);
  const outside = outsideRoots(input);
  const roots = new Set(input.closures.keys());

  const usedBy = new Map<string, Set<string>>();
  for (const [root, closure] of input.closures) {
    for (const id of closure) {
      const users = usedBy.get(id) ?? new Set<string>();
      users.add(root);
      usedBy.set(id, users);
    }
  }
  const normalise = (users: string[]) =>
    (users.includes(frame) ? [frame, ...users.filter((root) => outside.has(root))] : users).sort();

  const byKey = new Map<string, ChunkGroup>();
  const add = (key: string[], modules: Iterable<string>) => {
    const name = key.join('|');
    const group = byKey.get(name) ?? { roots: key, modules: new Set<string>(), bytes: 0 };
    for (const id of modules) {
      group.modules.add(id);
      if (!input.initial.has(id)) group.bytes += input.size(id);
    }
    byKey.set(name, group);
  };
  for (const [id, users] of usedBy) {
    if (roots.has(id)) continue; // a route's or a part's own module is its chunk's entry
    const routeUsers = [...users].filter((root) => routes.has(root) || outside.has(root));
    const key = normalise(routeUsers.length > 0 ? routeUsers : [...users]);
    // One user alone: the bundler keeps it in that user's chunk (the shell's modules, which a
    // route's closure also holds, go to the shell's group before this one is read).
    if (key.length === 1 && users.size === 1 && !input.initial.has(id)) continue;
    add(key, [id]);
  }
  mergeSmallGroups(byKey, input, routes, (key, modules) => add(normalise([frame, ...key]), modules));
  return { layout: { frame, routes, outside }, groups: [...byKey.values()] };
}

/**
 * Moves the small groups of routes into the frame's chunk. A group moves only once every module
 * its modules import is in the shell, the frame or a group already moved: the frame's chunk then
 * never imports a route group's chunk that imports it back (a cycle between chunks runs one of them
 * before the other's modules are defined).
 */
function mergeSmallGroups(
  byKey: Map<string, ChunkGroup>,
  input: ChunkPlanInput,
  routes: ReadonlySet<string>,
  moveToFrame: (key: string[], modules: Iterable<string>) => void,
) {
  const groupOf = new Map<string, ChunkGroup>();
  for (const group of byKey.values()) for (const id of group.modules) groupOf.set(id, group);
  const candidates = new Map(
    [...byKey].filter(
      ([, group]) =>
        group.bytes < MERGE_BELOW_BYTES &&
        !group.roots.includes(input.frame) &&
        group.roots.every((root) => routes.has(root)),
    ),
  );
  const moved = new Set<ChunkGroup>();
  let progress = true;
  while (progress) {
    progress = false;
    for (const [name, group] of candidates) {
      const ready = [...group.modules].every((id) =>
        input.dependencies(id).every((dependency) => {
          const owner = groupOf.get(dependency);
          if (input.initial.has(dependency)) return true;
          return (
            owner !== undefined && (owner === group || moved.has(owner) || owner.roots.includes(input.frame))
          );
        }),
      );
      if (!ready) continue;
      candidates.delete(name);
      byKey.delete(name);
      moved.add(group);
      moveToFrame(group.roots, group.modules);
      progress = true;
    }
  }
}

/**
 * The roots rendered outside the frame: the given routes and every part loaded from code that
 * runs outside it (the shell, or an outside root), until nothing more is found.
 */
function outsideRoots(input: ChunkPlanInput): Set<string> {
  const outside = new Set(input.outsideRoutes);
  let grew = true;
  while (grew) {
    grew = false;
    const runsOutside = new Set(input.initial);
    for (const root of outside) for (const id of input.closures.get(root) ?? []) runsOutside.add(id);
    for (const part of input.parts) {
      if (!outside.has(part) && input.dynamicImporters(part).some((importer) => runsOutside.has(importer))) {
        outside.add(part);
        grew = true;
      }
    }
  }
  return outside;
}
