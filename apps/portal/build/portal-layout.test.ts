import { describe, expect, it } from 'vitest';
import { chunkCycle, outsideRoots } from './portal-layout.ts';

const chunk = (...imports: string[]) => ({ type: 'chunk' as const, imports });

describe('chunkCycle', () => {
  it('finds chunks importing each other in a circle', () => {
    const bundle = {
      'a.js': chunk('b.js'),
      'b.js': chunk('c.js'),
      'c.js': chunk('a.js'),
      'd.js': chunk('a.js'),
    };
    expect(chunkCycle(bundle)).toEqual(['a.js', 'b.js', 'c.js', 'a.js']);
  });

  it('accepts chunks sharing imports without a circle', () => {
    const bundle = {
      'a.js': chunk('b.js', 'c.js'),
      'b.js': chunk('c.js'),
      'c.js': chunk(),
      'x.css': { type: 'asset' as const },
    };
    expect(chunkCycle(bundle)).toBeNull();
  });
});

describe('outsideRoots', () => {
  // The shell (main) holds the router, which loads the routes and the toast host; the frame loads
  // the modal host, which loads the modals; the pay page loads a dialog of its own.
  const staticImports: Record<string, string[]> = {
    main: ['router'],
    frame: ['modal-registry'],
    pay: ['pay-form'],
  };
  const dynamicImports: Record<string, string[]> = {
    router: ['frame', 'orders', 'pay', 'toast-host'],
    frame: ['modal-host'],
    'modal-host': ['refund-modal'],
    'pay-form': ['pay-dialog'],
  };
  const graph = {
    entries: ['main'],
    routes: new Set(['frame', 'orders', 'pay']),
    importedIds: (id: string) => staticImports[id] ?? [],
    dynamicallyImportedIds: (id: string) => dynamicImports[id] ?? [],
  };

  it('counts the outside routes and the parts loaded outside the frame, not the routes or the frame’s parts', () => {
    expect(outsideRoots(graph, ['pay'])).toEqual(new Set(['pay', 'toast-host', 'pay-dialog']));
  });
});
