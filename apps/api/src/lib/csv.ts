import { stringify } from 'csv-stringify/sync';
import { formatDate } from '@lynk/contract/dates';

/**
 * Characters that make a spreadsheet read a cell as a formula, or that some spreadsheets skip
 * before looking for one: = + - @, tab, carriage return, line feed, a space, and the full-width
 * ＝ ＋ － ＠ that Excel folds to their ASCII forms (OWASP's CSV-injection advice, widened).
 */
const FORMULA_START = /^[=+\-@\t\r\n \uFF1D\uFF0B\uFF0D\uFF20]/;

/** A cell as text; one that could start a formula gets a leading apostrophe, shown as text. */
function neutraliseFormula(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** CSV the product writes: RFC 4180 quoting, CRLF line ends, every cell neutralised. */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  return csvRecords([header, ...rows]);
}

/** Records written as `toCsv` writes them, without a header: a big file's next page. */
export function csvRecords(rows: (string | number | null)[][]): string {
  return stringify(
    rows.map((row) => row.map(neutraliseFormula)),
    { record_delimiter: 'windows' },
  );
}

/** A time in a file the product writes: the merchant's wall clock (Jamaica), as the tables show it. */
export function csvTime(at: Date): string {
  return formatDate(at, 'DD/MM/YYYY HH:mm');
}
