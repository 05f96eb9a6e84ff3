import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../lib/csv.ts';
import { csvFileBody } from './files.ts';

async function* inPages<T>(pages: T[][]) {
  for (const page of pages) yield page;
}

describe('a CSV file written a page at a time', () => {
  it('is the same JSON and the same base64 as the file written whole, however the pages split its bytes', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => [
      i + 1,
      `payee.${'x'.repeat(i % 7)}`,
      '=SUM(A1)',
      null,
    ]);
    const header = ['row', 'lynk_id', 'note', 'error'];
    for (const size of [1, 2, 3, 7, 50]) {
      const pages = Array.from({ length: Math.ceil(rows.length / size) }, (_, p) =>
        rows.slice(p * size, p * size + size),
      );
      const body = JSON.parse(await text(csvFileBody('batch_"a".csv', header, inPages(pages))));
      expect(body).toEqual({
        data: { file_name: 'batch_"a".csv', csv: Buffer.from(toCsv(header, rows)).toString('base64') },
      });
    }
  });

  it('is the header alone when there are no rows', async () => {
    const body = JSON.parse(await text(csvFileBody('empty.csv', ['row'], inPages([]))));
    expect(Buffer.from(body.data.csv, 'base64').toString()).toBe('row\r\n');
  });
});
