import { describe, expect, it } from 'vitest';
import { chunkPlan, MERGE_BELOW_BYTES, type ChunkPlanInput } from './chunk-plan.ts';

const BIG = MERGE_BELOW_BYTES;
const SMALL = 100;

/** A portal: the frame, two signed-in routes, the pay page outside the frame, a modal, a host. */
function plan(
  closures: Record<string, string[]>,
  sizes: Record<string, number> = {},
  imports: Record<string, string[]> = {},
) {
  const input: ChunkPlanInput = {
    frame: 'frame',
    routes: ['frame', 'orders', 'staff', 'profile', 'pay'],
    outsideRoutes: ['pay'],
    parts: ['refund-modal', 'toast-host'],
    initial: new Set(['main', 'router']),
    closures: new Map(Object.entries(closures).map(([root, ids]) => [root, new Set([root, ...ids])])),
    // The router (in the shell) loads the toast host; the orders page loads the refund modal.
    dynamicImporters: (id) => ({ 'toast-host': ['main'], 'refund-modal': ['orders'] })[id] ?? [],
    dependencies: (id) => imports[id] ?? [],
    size: (id) => sizes[id] ?? BIG,
  };
  const { groups, layout } = chunkPlan(input);
  const chunkOf = (id: string) =>
    groups.find((group) => group.modules.has(id))?.roots.join('+') ?? 'own chunk';
  return { chunkOf, layout };
}

describe('chunkPlan', () => {
  it('puts what the frame uses in the frame chunk, whichever signed-in routes use it too', () => {
    const { chunkOf } = plan({
      frame: ['menu', 'button'],
      orders: ['button', 'table'],
      staff: ['button', 'table'],
    });
    expect(chunkOf('button')).toBe('frame');
    expect(chunkOf('table')).toBe('orders+staff');
    expect(chunkOf('menu')).toBe('own chunk');
  });

  it('keeps what the frame shares with the pay page apart, so the pay page never loads the frame', () => {
    const { chunkOf, layout } = plan({
      frame: ['button', 'menu'],
      pay: ['button', 'amount'],
      orders: ['amount'],
    });
    expect(layout.outside).toEqual(new Set(['pay', 'toast-host']));
    expect(chunkOf('button')).toBe('frame+pay');
    expect(chunkOf('amount')).toBe('orders+pay');
  });

  it('counts a part every page loads (the toast host) as outside the frame', () => {
    const { chunkOf } = plan({ frame: ['toast'], 'toast-host': ['toast'] });
    expect(chunkOf('toast')).toBe('frame+toast-host');
  });

  it('merges a set of routes sharing little into the frame chunk: one request fewer per page', () => {
    const { chunkOf } = plan(
      { frame: ['menu'], orders: ['badge', 'table'], staff: ['badge', 'table'], pay: [] },
      { badge: SMALL, table: SMALL },
    );
    expect(chunkOf('badge')).toBe('frame');
    expect(chunkOf('table')).toBe('frame');
  });

  it('keeps a small set apart when its modules import a module of a set that stays apart (no circle of chunks)', () => {
    const { chunkOf } = plan(
      {
        frame: ['menu'],
        orders: ['prefetch', 'listing'],
        staff: ['prefetch', 'listing'],
        profile: ['listing'],
      },
      { prefetch: SMALL, listing: BIG },
      { prefetch: ['listing'] },
    );
    // Merged, the frame's chunk would import the listing's, which may import the frame's back.
    expect(chunkOf('listing')).toBe('orders+profile+staff');
    expect(chunkOf('prefetch')).toBe('orders+staff');
  });

  it('groups what only parts loaded on demand use by those parts', () => {
    const { chunkOf } = plan({ frame: [], orders: [], 'refund-modal': ['number-input'], staff: [] });
    expect(chunkOf('number-input')).toBe('own chunk');
    const shared = plan({ frame: [], orders: ['number-input'], 'refund-modal': ['number-input', 'form'] });
    expect(shared.chunkOf('number-input')).toBe('orders');
    expect(shared.chunkOf('form')).toBe('own chunk');
  });
});
