/**
 * The modules a part of the portal really runs, read from the bundler's module graph.
 *
 * A module imported through a package's barrel (`import { Button } from '@mantine/core'`) has, in
 * the graph, an edge to the barrel, and the barrel has edges to every module of the package: a
 * plain walk of the graph finds all of Mantine behind any page that uses one button. Here an edge
 * into a barrel is followed only to the modules that define the names imported through it, which is
 * what the bundler keeps after tree-shaking.
 */

/** What the graph walk needs of the bundler (rolldown's plugin context in the build). */
export interface GraphSource {
  code(id: string): string | null;
  importedIds(id: string): readonly string[];
  exports(id: string): readonly string[];
  resolve(specifier: string, importer: string): Promise<string | null>;
  parse(code: string): { body: readonly Statement[] };
}

interface Named {
  type: string;
  name?: string;
  value?: string;
}
interface Specifier {
  type: string;
  imported?: Named;
  local?: Named;
  exported?: Named;
}
interface Statement {
  type: string;
  source?: { value: string } | null;
  specifiers?: readonly Specifier[];
  exported?: Named | null;
  declaration?: unknown;
  directive?: string | null;
}

const ALL = '*';
const nameOf = (node: Named | undefined | null) => node?.name ?? node?.value ?? 'default';
const importedName = (specifier: Specifier) =>
  specifier.type === 'ImportSpecifier'
    ? nameOf(specifier.imported)
    : specifier.type === 'ImportDefaultSpecifier'
      ? 'default'
      : ALL;

/** How a barrel re-exports: each name's source and name there, and its `export *` sources. */
interface BarrelExports {
  names: Map<string, { source: string; name: string }>;
  stars: string[];
}

function barrelExports(body: readonly Statement[]): BarrelExports | null {
  const imported = new Map<string, { source: string; name: string }>();
  const names = new Map<string, { source: string; name: string }>();
  const stars: string[] = [];
  const local: [string, string][] = [];
  for (const statement of body) {
    if (statement.type === 'ExpressionStatement' && statement.directive) continue;
    const source = statement.source?.value;
    if (statement.type === 'ImportDeclaration' && source) {
      if (!statement.specifiers?.length) return null; // an import for its side effects
      for (const specifier of statement.specifiers) {
        imported.set(nameOf(specifier.local), { source, name: importedName(specifier) });
      }
    } else if (statement.type === 'ExportAllDeclaration' && source) {
      if (statement.exported) names.set(nameOf(statement.exported), { source, name: ALL });
      else stars.push(source);
    } else if (statement.type === 'ExportNamedDeclaration' && !statement.declaration) {
      for (const specifier of statement.specifiers ?? []) {
        const exported = nameOf(specifier.exported);
        if (source) names.set(exported, { source, name: nameOf(specifier.local) });
        else local.push([exported, nameOf(specifier.local)]);
      }
    } else {
      return null; // code of its own: not a barrel
    }
  }
  for (const [exported, name] of local) {
    const origin = imported.get(name);
    if (!origin) return null;
    names.set(exported, origin);
  }
  return { names, stars };
}

/** The names a module imports from each module it imports (`*` when it needs all of it). */
function importedNames(body: readonly Statement[]): Map<string, Set<string>> {
  const bySpecifier = new Map<string, Set<string>>();
  const add = (specifier: string, name: string) => {
    const names = bySpecifier.get(specifier) ?? new Set<string>();
    names.add(name);
    bySpecifier.set(specifier, names);
  };
  for (const statement of body) {
    const source = statement.source?.value;
    if (!source) continue;
    if (statement.type === 'ImportDeclaration') {
      const specifiers = statement.specifiers ?? [];
      if (specifiers.length === 0) add(source, ALL);
      for (const specifier of specifiers) add(source, importedName(specifier));
    } else if (statement.type === 'ExportNamedDeclaration') {
      for (const specifier of statement.specifiers ?? []) add(source, nameOf(specifier.local));
    } else if (statement.type === 'ExportAllDeclaration') {
      add(source, ALL);
    }
  }
  return bySpecifier;
}

export function moduleGraph(source: GraphSource) {
  const parsed = new Map<string, readonly Statement[] | null>();
  const body = (id: string) => {
    if (!parsed.has(id)) {
      const code = source.code(id);
      parsed.set(id, code === null ? null : source.parse(code).body);
    }
    return parsed.get(id) ?? null;
  };
  const barrels = new Map<string, BarrelExports | null>();
  const barrel = (id: string) => {
    if (!barrels.has(id)) {
      const statements = body(id);
      barrels.set(id, statements ? barrelExports(statements) : null);
    }
    return barrels.get(id) ?? null;
  };

  /**
   * The modules that define `name` as exported by barrel `id` (the barrel itself for `*`); the
   * barrels walked through are added to `seen`.
   */
  async function definers(id: string, name: string, seen = new Set<string>()): Promise<string[]> {
    const exports = barrel(id);
    if (!exports || name === ALL || seen.has(id)) return [id];
    seen.add(id);
    const direct = exports.names.get(name);
    if (direct) {
      const target = await source.resolve(direct.source, id);
      return target ? definers(target, direct.name, seen) : [];
    }
    for (const star of exports.stars) {
      const target = await source.resolve(star, id);
      if (!target) continue;
      if (barrel(target)) {
        const found = await definers(target, name, seen);
        if (found.length > 0) return found;
      } else if (source.exports(target).includes(name)) {
        return [target];
      }
    }
    return [];
  }

  /**
   * What a module needs statically: the modules it imports, and for a barrel it imports names
   * from, the modules that define those names (`expand`) and the barrel itself (`only`: it holds
   * no code, but the bundler places it in a chunk too).
   */
  async function dependencies(id: string): Promise<{ expand: string[]; only: string[] }> {
    const imported = source.importedIds(id);
    if (!imported.some((target) => barrel(target))) return { expand: [...imported], only: [] };
    const resolved = new Map<string, Set<string>>();
    for (const [specifier, names] of importedNames(body(id) ?? [])) {
      const target = await source.resolve(specifier, id);
      if (target) resolved.set(target, names);
    }
    const expand: string[] = [];
    const only: string[] = [];
    for (const target of imported) {
      const names = resolved.get(target);
      if (!barrel(target) || !names || names.has(ALL)) {
        expand.push(target);
        continue;
      }
      for (const name of names) {
        const walked = new Set<string>();
        expand.push(...(await definers(target, name, walked)));
        only.push(...walked);
      }
    }
    return { expand, only };
  }

  const dependencyCache = new Map<string, ReturnType<typeof dependencies>>();
  const resolvedDependencies = new Map<string, string[]>();
  /** A module and everything it needs statically, transitively. */
  async function closure(start: string): Promise<Set<string>> {
    const members = new Set<string>([start]);
    const expanded = new Set<string>([start]);
    const queue = [start];
    while (queue.length > 0) {
      const id = queue.pop() as string;
      if (!dependencyCache.has(id)) dependencyCache.set(id, dependencies(id));
      const { expand, only } = await (dependencyCache.get(id) as ReturnType<typeof dependencies>);
      resolvedDependencies.set(id, [...expand, ...only]);
      for (const next of only) members.add(next);
      for (const next of expand) {
        members.add(next);
        if (!expanded.has(next)) {
          expanded.add(next);
          queue.push(next);
        }
      }
    }
    return members;
  }

  /** What a module needs, as the last `closure` that reached it found. */
  const dependenciesOf = (id: string): readonly string[] => resolvedDependencies.get(id) ?? [];

  return { closure, dependenciesOf };
}
