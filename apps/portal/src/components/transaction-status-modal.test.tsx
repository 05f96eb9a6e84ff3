import { Button } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { openTransactionStatus, type TransactionStatusOptions } from './transaction-status-modal';

function renderOpener(options: TransactionStatusOptions) {
  renderWithProviders(<Button onClick={() => openTransactionStatus(options)}>Open</Button>, {
    overlays: true,
  });
  return userEvent.click(screen.getByRole('button', { name: 'Open' }));
}

describe('transaction-status modal', () => {
  it.each([
    ['success', 'Your transfer is successful', null],
    ['success-pending', 'Your transfer is being processed', "We'll let you know when it's ready."],
    ['failure', 'Your Transfer Failed', 'We were unable to transfer your transaction. Please try again.'],
    [
      'batch-failure',
      'Something went wrong',
      'We were unable to continue with your transaction. Please try again.',
    ],
  ] as const)(
    'shows the %s variant with "Return to Dashboard", which closes it',
    async (variant, title, subtitle) => {
      await renderOpener({ variant });
      const dialog = await screen.findByRole('dialog', { name: title });
      if (subtitle) expect(within(dialog).getByText(subtitle)).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Return to Dashboard' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
  );

  it('asks "Are you sure?" with Yes and Nevermind on confirm', async () => {
    const onYes = vi.fn();
    const onNevermind = vi.fn();
    await renderOpener({
      variant: 'confirm',
      mainAction: { onClick: onYes },
      closeAction: { onClick: onNevermind },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Nevermind' }));
    expect(onNevermind).toHaveBeenCalledOnce();
    expect(onYes).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('takes a title, subtitle and main action of its own', async () => {
    const onMain = vi.fn();
    await renderOpener({
      variant: 'failure',
      title: 'Failure loading the batch transaction details',
      subtitle: 'There was an error loading the batch transaction. Please try again',
      mainAction: { label: 'Try again', onClick: onMain },
    });
    const dialog = await screen.findByRole('dialog', {
      name: 'Failure loading the batch transaction details',
    });
    expect(
      within(dialog).getByText('There was an error loading the batch transaction. Please try again'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(onMain).toHaveBeenCalledOnce();
  });

  it('has a named close button', async () => {
    await renderOpener({ variant: 'success' });
    const dialog = await screen.findByRole('dialog', { name: 'Your transfer is successful' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
