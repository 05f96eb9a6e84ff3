import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { formatCents } from './money.ts';

const bare = (cents: number) => formatCents(cents, { currencyPrefix: '' });

describe('MESSAGES', () => {
  it('fills the weekly limit messages with one J$ prefix', () => {
    expect(MESSAGES.batch.weeklyLimitNonAdmin(bare(123450))).toBe(
      'You currently have J$1,234.50 remaining for this week, and the limit will reset at the end of the week.',
    );
    expect(MESSAGES.batch.weeklyLimitAdmin(bare(5))).toBe(
      'Proceeding with this transaction will exceed your weekly limit. You have J$0.05 remaining for this week.',
    );
  });

  it('fills the daily limit message with the amount before JMD', () => {
    expect(MESSAGES.transfer.dailyLimitRemaining(bare(150000))).toBe(
      'You currently have 1,500.00 JMD remaining for this day, and the limit will reset at the end of the day.',
    );
  });

  it('fills the table footer, date chip, counters and titles', () => {
    expect(MESSAGES.table.showingEntries(1, 25, 240)).toBe('Showing 1-25 of 240 entries');
    expect(MESSAGES.table.dateChip('01/03/2025', '31/03/2025')).toBe('Date: "01/03/2025 to 31/03/2025"');
    expect(MESSAGES.paymentRequest.noteCounter(42)).toBe('42/100 characters');
    expect(MESSAGES.refund.title('1001')).toBe('Transaction ID #1001');
    expect(MESSAGES.batch.rejectTitle(17)).toBe('Reject batch ID 17');
  });

  it("keeps the spec's spelling, typos included", () => {
    expect(MESSAGES.transfer.dailyLimitExceeded).toBe(
      'This action would exceeded your daily limit for this action.',
    );
    expect(MESSAGES.qr.fileSaved).toBe(
      'QR code generated successfully. Please check you machine for the file.',
    );
    expect(MESSAGES.dateRange.blank).toBe('both dates must not be blank');
  });
});
