import { BATCH_CSV_REQUIRED_COLUMNS } from '@lynk/contract/batches';
import {
  BATCH_PAYEE_MAX_CENTS,
  BATCH_PAYEE_MIN_CENTS,
  BATCH_PAYEE_NAME_MAX_LENGTH,
} from '@lynk/contract/constants';
import { MESSAGES, PRODUCT_MESSAGES } from '@lynk/contract/messages';
import { formatCents } from '@lynk/contract/money';
import { divideHalfUp, type FeeSchedule, GCT_BASIS_POINTS } from '../orders/index.ts';

/** A Lynk ID as the directory keeps it: lower case with the `@` (the file may leave it out). */
export function normaliseLynkId(raw: string): string {
  const id = raw.trim().toLowerCase();
  return id.startsWith('@') ? id : `@${id}`;
}

const HANDLE = /^@[a-z0-9._-]{3,30}$/;
export const isHandle = (id: string) => HANDLE.test(id);

/** J$ as written in the file (`1250`, `1250.5`, `1250.50`) in cents; null when it is not such an amount. */
function parseAmount(raw: string): bigint | null {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(raw.trim());
  if (!match) return null;
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/** Where each column is in the file, from its first record; null when a required one is missing. */
export interface Columns {
  lynkId: number;
  amount: number;
  name: number;
  count: number;
}

export function readHeader(record: string[]): Columns | null {
  const names = record.map((value) => value.trim().toLowerCase());
  if (!BATCH_CSV_REQUIRED_COLUMNS.every((column) => names.includes(column))) return null;
  return {
    lynkId: names.indexOf('lynk_id'),
    amount: names.indexOf('amount'),
    name: names.indexOf('name'),
    count: names.length,
  };
}

/** The processing fee on one payee's amount and the GCT on that fee, each rounded half up once. */
export function payeeFees(amount: bigint, schedule: FeeSchedule): { fee: bigint; gct: bigint } {
  const fee = divideHalfUp(amount * BigInt(schedule.basisPoints), 10_000n) + schedule.fixedCents;
  return { fee, gct: divideHalfUp(fee * GCT_BASIS_POINTS, 10_000n) };
}

/** A payee the directory knows, by handle. */
export interface DirectoryEntry {
  account_id: number;
  merchant_id: number | null;
  active: boolean;
}

export interface CheckedRow {
  lynkId: string;
  lynkKey: string;
  amountText: string;
  name: string;
  amount: bigint | null;
  accountId: number | null;
  errors: string[];
}

const AMOUNT_ERROR = PRODUCT_MESSAGES.batchRowAmount(
  formatCents(BATCH_PAYEE_MIN_CENTS),
  formatCents(BATCH_PAYEE_MAX_CENTS),
);

/**
 * One data row's checks: as many values as the header has names; a Lynk ID the directory knows,
 * active and not the paying merchant's own wallet; a J$ amount within the bounds with at most two
 * decimals; and a name of at most 100 characters. A Lynk ID already on an earlier row is found
 * once every row is stored (markDuplicateRows), by its `lynkKey`.
 */
export function checkRow(
  record: string[],
  columns: Columns,
  payer: number,
  directory: Map<string, DirectoryEntry>,
): CheckedRow {
  const lynkId = (record[columns.lynkId] ?? '').trim();
  const amountText = (record[columns.amount] ?? '').trim();
  const name = columns.name >= 0 ? (record[columns.name] ?? '').trim() : '';
  const errors: string[] = [];
  if (record.length !== columns.count) errors.push(PRODUCT_MESSAGES.batchRowColumns);
  const handle = normaliseLynkId(lynkId);
  const payee = isHandle(handle) ? directory.get(handle) : undefined;
  if (!payee || !payee.active) errors.push(MESSAGES.payee.notFound);
  else if (payee.merchant_id === payer) errors.push(MESSAGES.payee.notAllowed);
  const cents = parseAmount(amountText);
  const amount =
    cents !== null && cents >= BigInt(BATCH_PAYEE_MIN_CENTS) && cents <= BigInt(BATCH_PAYEE_MAX_CENTS)
      ? cents
      : null;
  if (amount === null) errors.push(AMOUNT_ERROR);
  if (name.length > BATCH_PAYEE_NAME_MAX_LENGTH) errors.push(PRODUCT_MESSAGES.batchRowName);
  return {
    lynkId,
    lynkKey: handle,
    amountText,
    name: name.slice(0, BATCH_PAYEE_NAME_MAX_LENGTH),
    amount,
    accountId: payee && errors.length === 0 ? payee.account_id : null,
    errors,
  };
}
