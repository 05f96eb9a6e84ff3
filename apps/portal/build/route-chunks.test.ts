import { describe, expect, it } from 'vitest';
import { chunkCycle } from './route-chunks.ts';

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
