import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openModal } from '@/lib/modal-registry';
import { batchBody, batchRoute, pendingBatch, renderOpener } from '@/test/batches';

const openSource = () =>
  openModal('choose-source-funds', { batchId: 42 }, { title: 'Choose source of funds' });

describe('the choose-source-funds modal', () => {
  it('names each source once: the main wallet by its name and currency, a bank account as linked', async () => {
    await renderOpener(openSource, {
      routes: { [`GET ${batchRoute(42)}`]: batchBody(pendingBatch(42)) },
    });
    const source = await screen.findByRole('dialog', { name: 'Choose source of funds' });
    expect(within(source).getAllByRole('radio')).toHaveLength(2);
    expect(within(source).getByRole('radio', { name: 'Main wallet (JMD)' })).toBeChecked();
    expect(
      within(source).getByRole('radio', { name: 'BANK_ACCOUNT 3 (linked bank account)' }),
    ).toBeInTheDocument();
  });
});
