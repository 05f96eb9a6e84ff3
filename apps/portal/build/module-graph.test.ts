import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { moduleGraph, type GraphSource } from './module-graph.ts';

/** A package of modules by path; `importedIds` read from each module's import statements. */
function graphOf(files: Record<string, string>) {
  const resolve = (specifier: string) => (specifier in files ? specifier : null);
  const statements = (id: string) => parseSync(id, files[id] ?? '').program.body;
  const source: GraphSource = {
    code: (id) => files[id] ?? null,
    importedIds: (id) =>
      statements(id).flatMap((statement) =>
        'source' in statement && statement.source ? [String(statement.source.value)] : [],
      ),
    exports: (id) =>
      (files[id]?.match(/export (?:const|function) (\w+)/g) ?? []).map(
        (line) => line.split(' ').pop() as string,
      ),
    resolve: async (specifier) => resolve(specifier),
    parse: (code) => parseSync('module.js', code).program as unknown as ReturnType<GraphSource['parse']>,
  };
  return moduleGraph(source);
}

const library = {
  'lib/index': [
    "import { Button } from 'lib/button';",
    "import { Modal } from 'lib/modal';",
    'export { Button, Modal };',
    "export { Text as Label } from 'lib/text';",
    "export * from 'lib/hooks';",
  ].join('\n'),
  'lib/hooks': "export * from 'lib/use-disclosure';\nexport * from 'lib/use-id';",
  'lib/use-disclosure': "import { box } from 'lib/box';\nexport function useDisclosure() { return box; }",
  'lib/use-id': 'export function useId() {}',
  'lib/button': "import { box } from 'lib/box';\nexport const Button = box;",
  'lib/modal': "import { portal } from 'lib/portal';\nexport const Modal = portal;",
  'lib/text': 'export const Text = 1;',
  'lib/box': 'export const box = 1;',
  'lib/portal': 'export const portal = 1;',
};

describe('moduleGraph', () => {
  it('follows a name imported through a barrel to the module defining it, not to the whole package', async () => {
    const graph = graphOf({ ...library, page: "import { Button } from 'lib/index';\nButton;" });
    expect([...(await graph.closure('page'))].sort()).toEqual(['lib/box', 'lib/button', 'lib/index', 'page']);
  });

  it('follows renamed re-exports and `export *` of nested barrels', async () => {
    const graph = graphOf({ ...library, page: "import { Label, useDisclosure } from 'lib/index';" });
    expect([...(await graph.closure('page'))].sort()).toEqual([
      'lib/box',
      'lib/hooks',
      'lib/index',
      'lib/text',
      'lib/use-disclosure',
      'page',
    ]);
  });

  it('takes the whole barrel for a namespace import', async () => {
    const graph = graphOf({ ...library, page: "import * as lib from 'lib/index';\nlib;" });
    expect(await graph.closure('page')).toContain('lib/portal');
    expect(await graph.closure('page')).toContain('lib/use-id');
  });

  it('takes the whole of a module with code of its own, whatever name is imported', async () => {
    const graph = graphOf({
      ...library,
      'lib/mixed':
        "import { portal } from 'lib/portal';\nimport { box } from 'lib/box';\nexport const both = [portal, box];",
      page: "import { both } from 'lib/mixed';",
    });
    expect([...(await graph.closure('page'))].sort()).toEqual(['lib/box', 'lib/mixed', 'lib/portal', 'page']);
  });
});
