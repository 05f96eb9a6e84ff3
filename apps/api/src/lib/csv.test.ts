import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

const cellOf = (value: string) => toCsv(['h'], [[value]]).split('\r\n')[1]!;

describe('CSV', () => {
  it.each([
    ['an equals sign', '=SUM(A1)'],
    ['a plus sign', '+1'],
    ['a minus sign', '-1'],
    ['an at sign', '@cmd'],
    ['a tab', '\tx'],
    ['a carriage return', '\rx'],
    ['a line feed', '\nx'],
    ['a leading space', ' =1+1'],
    ['a full-width equals sign', '＝1+1'],
    ['a full-width plus sign', '＋1'],
    ['a full-width minus sign', '－1'],
    ['a full-width at sign', '＠cmd'],
  ])('neutralises a cell starting with %s', (_name, value) => {
    const cell = cellOf(value);
    // Quoted or not, the cell's text starts with the apostrophe followed by the original value.
    expect(cell.replace(/^"/, '')).toMatch(/^'/);
    expect(toCsv(['h'], [[value]])).toContain(`'${value}`.replaceAll('"', '""'));
  });

  it('leaves ordinary text and numbers alone', () => {
    expect(cellOf('Island Beans Ltd')).toBe('Island Beans Ltd');
    expect(toCsv(['n'], [[12.5]])).toBe('n\r\n12.5\r\n');
  });

  it('quotes separators and doubles quotes', () => {
    expect(cellOf('a,b')).toBe('"a,b"');
    expect(cellOf('say "hi"')).toBe('"say ""hi"""');
  });

  it('writes rows with CRLF line ends and empty cells for null', () => {
    expect(toCsv(['a', 'b'], [[1, null]])).toBe('a,b\r\n1,\r\n');
  });
});
