import { WALLET_KEYS } from '@lynk/contract/accounts';
import { EXPORT_TABLES, type ExportTable } from '@lynk/contract/constants';
import { toApiDate, validateDateRange } from '@lynk/contract/dates';
import type { ExportRequest } from '@lynk/contract/reporting';
import { z } from 'zod/mini';
import { EXPORT_TEXTS } from './texts';

/** The export modal's fields as the user reads and types them (dates DD/MM/YYYY). */
export interface ExportFormValues {
  start: string;
  end: string;
  types: ExportTable[];
}

export type ExportWalletKind = 'main' | 'cbdc';

/**
 * Spec section 5, "Export range", with the contract's rules and texts: both dates, real days,
 * start not after end, no future date, at most one month; on the main wallet at least one table
 * ("Please select a table to export"). The range's message sits on `end`, as in the Filters modal.
 */
export function exportFormSchema(wallet: ExportWalletKind, today?: Date) {
  return z.object({ start: z.string(), end: z.string(), types: z.array(z.enum(EXPORT_TABLES)) }).check(
    z.superRefine(({ start, end, types }, context) => {
      const range = validateDateRange(start, end, {
        maxOneMonth: true,
        noFuture: true,
        ...(today ? { today } : {}),
      });
      if (!range.ok) context.addIssue({ code: 'custom', message: range.message, path: ['end'] });
      const tables = missingTablesMessage(wallet, types);
      if (tables) context.addIssue({ code: 'custom', message: tables, path: ['types'] });
    }),
  );
}

/** The tables' rule: the main wallet's report needs at least one; the JAM-DEX wallet's takes none. */
export function missingTablesMessage(wallet: ExportWalletKind, types: readonly ExportTable[]): string | null {
  return wallet === 'main' && types.length === 0 ? EXPORT_TEXTS.selectTable : null;
}

/** The request of valid fields: dates as YYYY-MM-DD, the tables in the order the file holds them. */
export function toExportRequest(values: ExportFormValues, wallet: ExportWalletKind): ExportRequest | null {
  const range = validateDateRange(values.start, values.end);
  if (!range.ok) return null;
  const dates = { start: toApiDate(range.start), end: toApiDate(range.end) };
  if (wallet === 'cbdc') return { ...dates, wallet: WALLET_KEYS.cbdc };
  return { ...dates, wallet: WALLET_KEYS.main, types: EXPORT_TABLES.filter((t) => values.types.includes(t)) };
}
