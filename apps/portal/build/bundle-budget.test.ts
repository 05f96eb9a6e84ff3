import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { measureBundle } from './bundle-budget.ts';

/** Code that does not compress: its gzip is about its length, so sizes are easy to reason about. */
const code = (kb: number) => randomBytes(kb * 1024).toString('base64');
const gzipKb = (text: string) => gzipSync(text).length / 1024;

function chunk(
  fileName: string,
  source: string,
  options: { imports?: string[]; facade?: string; entry?: boolean } = {},
) {
  return {
    type: 'chunk' as const,
    fileName,
    code: source,
    isEntry: options.entry ?? false,
    // A page, the frame or a part: loaded with import(); the chunks they share are not.
    isDynamicEntry: options.facade !== undefined,
    facadeModuleId: options.facade ?? null,
    imports: options.imports ?? [],
  };
}

describe('measureBundle', () => {
  // The shell; the frame; a page that opens a chart; the chart, which shares a helper chunk with
  // the page and brings a heavy library of its own.
  const sources = {
    shell: code(4),
    frame: code(3),
    page: code(2),
    shared: code(1),
    chart: code(2),
    library: code(8),
  };
  const bundle = {
    'shell.js': chunk('shell.js', sources.shell, { entry: true }),
    'frame.js': chunk('frame.js', sources.frame, { facade: '/p/src/app/layout/app-layout.tsx' }),
    'page.js': chunk('page.js', sources.page, {
      facade: '/p/src/features/x/page.tsx',
      imports: ['shared.js'],
    }),
    'shared.js': chunk('shared.js', sources.shared),
    'chart.js': chunk('chart.js', sources.chart, {
      facade: '/p/src/features/x/chart.tsx',
      imports: ['shared.js', 'library.js'],
    }),
    'library.js': chunk('library.js', sources.library),
  };
  const layout = {
    frame: '/p/src/app/layout/app-layout.tsx',
    routes: new Set(['/p/src/app/layout/app-layout.tsx', '/p/src/features/x/page.tsx']),
    outside: new Set<string>(),
  };

  it("measures a part with a budget of its own beyond its page's first load, and leaves it out of the parts' largest", () => {
    const measured = measureBundle(bundle, layout, [
      { part: 'src/features/x/chart.tsx', page: 'src/features/x/page.tsx', kb: 20 },
    ]);
    const chartAndLibrary = gzipKb(sources.chart) + gzipKb(sources.library);
    expect(measured.ownBudget).toEqual([
      { name: 'chart.js', kb: expect.closeTo(chartAndLibrary, 5), limit: 20 },
    ]);
    expect(measured.largestPart).toEqual({ name: '', kb: 0 });
    expect(measured.largestRoute.kb).toBeCloseTo(
      gzipKb(sources.frame) + gzipKb(sources.page) + gzipKb(sources.shared),
    );
  });

  it('measures the same part as any other without one, beyond the frame', () => {
    const measured = measureBundle(bundle, layout, []);
    expect(measured.ownBudget).toEqual([]);
    expect(measured.largestPart.name).toBe('chart.js');
    expect(measured.largestPart.kb).toBeCloseTo(
      gzipKb(sources.chart) + gzipKb(sources.library) + gzipKb(sources.shared),
    );
  });

  it('fails when the part or its page has no chunk (a renamed file must not drop the budget)', () => {
    expect(() =>
      measureBundle(bundle, layout, [
        { part: 'src/features/x/gone.tsx', page: 'src/features/x/page.tsx', kb: 20 },
      ]),
    ).toThrow('no chunk of src/features/x/gone.tsx');
  });
});
