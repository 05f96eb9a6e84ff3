import type { Order } from '@lynk/contract/orders';
import type { RoleId } from '@lynk/contract/roles';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { balanceRoute, makeOrder, renderOpener } from '@/test/orders';
import { openOrderDetails } from './open-order-details';

/** jsdom has no resizing: the smartphone breakpoint is a value the test moves. */
const viewport = vi.hoisted(() => {
  let smartphone = false;
  const listeners = new Set<() => void>();
  return {
    get: () => smartphone,
    set(next: boolean) {
      smartphone = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});

vi.mock('@/lib/use-smartphone', () => ({
  useIsSmartphone: () => useSyncExternalStore(viewport.subscribe, viewport.get),
}));

const TOO_LOW = 'Your main wallet account balance is too low to complete the transaction';

async function openDetails(order: Order, balanceCents: number, roleId: RoleId = 2) {
  const view = await renderOpener(() => openOrderDetails(order), {
    routes: balanceRoute(balanceCents),
    roleId,
  });
  const dialog = await screen.findByRole('dialog', { name: 'Order details' });
  return { ...view, dialog };
}

async function issueRefundButton(dialog: HTMLElement) {
  const button = await within(dialog).findByRole('button', { name: 'Issue Refund' });
  // The balance is read first; meanwhile the button is busy.
  await vi.waitFor(() => expect(button).not.toHaveAttribute('data-loading'));
  return button;
}

describe('order details modal (more-order-details)', () => {
  it('enables Issue Refund for a paid order the main wallet balance covers, and opens the refund', async () => {
    const { dialog } = await openDetails(makeOrder(1), 1000_00);
    const button = await issueRefundButton(dialog);
    expect(button).not.toHaveAttribute('aria-disabled');
    await userEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Transaction ID #1001' })).toBeInTheDocument();
  });

  it('comes back to the details when the refund is cancelled', async () => {
    const { dialog } = await openDetails(makeOrder(1), 1000_00);
    await userEvent.click(await issueRefundButton(dialog));
    const refund = await screen.findByRole('dialog', { name: 'Transaction ID #1001' });
    await userEvent.click(within(refund).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: 'Order details' })).toBeInTheDocument();
  });

  it('disables Issue Refund when the balance is below the amount to pay, and says why in a tooltip', async () => {
    const { dialog } = await openDetails(makeOrder(1), 999_99);
    const button = await issueRefundButton(dialog);
    await vi.waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    expect(button).toHaveAccessibleDescription(TOO_LOW);
    await userEvent.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(TOO_LOW);
    await userEvent.click(button);
    expect(screen.queryByRole('dialog', { name: 'Transaction ID #1001' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Order details' })).toBeInTheDocument();
  });

  it.each(['RECEIVED', 'REFUNDED', 'EXPIRED'] as const)(
    'disables Issue Refund for a %s order, whatever the balance',
    async (status) => {
      const { dialog } = await openDetails(makeOrder(1, { status }), 1_000_000_00);
      const button = await issueRefundButton(dialog);
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription('Only a paid order can be refunded.');
    },
  );

  it('reads the status case-insensitively', async () => {
    const { dialog } = await openDetails(makeOrder(1, { status: 'paid' as Order['status'] }), 1000_00);
    expect(await issueRefundButton(dialog)).not.toHaveAttribute('aria-disabled');
  });

  it('shows no Issue Refund to a user who may not create refunds; a cashier sees the commission and GCT', async () => {
    const { dialog } = await openDetails(makeOrder(1), 1000_00, 3);
    expect(await within(dialog).findByText('1001')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Issue Refund' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Commission')).toBeInTheDocument();
    expect(within(dialog).getByText('GCT')).toBeInTheDocument();
  });

  it('closes when a smartphone screen becomes desktop width', async () => {
    viewport.set(true);
    await openDetails(makeOrder(1), 1000_00);
    act(() => viewport.set(false));
    expect(screen.queryByRole('dialog', { name: 'Order details' })).not.toBeInTheDocument();
  });
});
