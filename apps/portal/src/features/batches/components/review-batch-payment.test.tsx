import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { openModal } from '@/lib/modal-registry';
import {
  WEEKLY_LIMIT,
  batchBody,
  batchRoute,
  makeBatch,
  pendingBatch,
  renderOpener,
  weeklyLimitBody,
} from '@/test/batches';

vi.mock('@lynk/contract/constants', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@lynk/contract/constants')>()),
  // Polling every 2 s is the spec's; the tests need not wait for it.
  BATCH_POLL_INTERVAL_MS: 5,
}));

const openConfirm = () => openModal('batch-payments', { batchId: 42 }, { title: 'Confirm payment' });

describe('the Confirm Payment screen', () => {
  it("shows the batch's payees, amounts and the review download", async () => {
    await renderOpener(openConfirm, { routes: { [`GET ${batchRoute(42)}`]: batchBody(makeBatch(42)) } });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    expect(
      await within(dialog).findByText('Please review this payment and choose an action'),
    ).toBeInTheDocument();
    const value = (label: string) => within(dialog).getByText(label).closest('div')?.querySelector('dd');
    expect(value('Number of payees')).toHaveTextContent('3');
    expect(value('Sub total')).toHaveTextContent('J$4,500.00');
    expect(value('Processing fee')).toHaveTextContent('J$45.00');
    expect(value('GCT on processing fee')).toHaveTextContent('J$6.75');
    expect(value('Total')).toHaveTextContent('J$4,551.75');
    expect(within(dialog).getByRole('button', { name: 'Review batch upload' })).toBeInTheDocument();
  });

  it('lets an admin approve a batch sent for approval only once the confirmation is ticked, then approves from the chosen source and shows success', async () => {
    let readsAfter: number | null = null;
    const { requests } = await renderOpener(openConfirm, {
      routes: {
        [`GET ${batchRoute(42)}`]: () => {
          if (readsAfter === null) return batchBody(pendingBatch(42));
          readsAfter += 1;
          // The first read after approval finds it still on its way, the second done.
          return batchBody(makeBatch(42, { status: readsAfter === 1 ? 'PROCESSING' : 'COMPLETED' }));
        },
        [`POST ${batchRoute(42)}/approve`]: () => {
          readsAfter = 0;
          return batchBody(makeBatch(42, { status: 'APPROVED' }));
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    const approve = await within(dialog).findByRole('button', { name: 'Approve and continue' });
    expect(approve).toBeDisabled();
    await userEvent.click(
      within(dialog).getByRole('checkbox', {
        name: 'I confirm the recipients and fees for this transfer. I agree that transfers are final once completed.',
      }),
    );
    await userEvent.click(approve);
    const source = await screen.findByRole('dialog', { name: 'Choose source of funds' });
    await userEvent.click(
      within(source).getByRole('radio', { name: 'BANK_ACCOUNT 3 (linked bank account)' }),
    );
    await userEvent.click(within(source).getByRole('button', { name: 'Approve & Continue' }));
    const success = await screen.findByRole('dialog', { name: 'Your transfer is successful' });
    expect(within(success).getByText('Your payment was sent to every recipient.')).toBeInTheDocument();
    expect(readsAfter).toBe(2);
    const approval = requests.find((request) => request.path === `${batchRoute(42)}/approve`);
    expect(JSON.parse(approval!.body!)).toEqual({ account_type: 'BANK_ACCOUNT', account_id: 3 });
  });

  it("shows the API's refusal in the source modal, and Cancel goes back to the confirm screen", async () => {
    await renderOpener(openConfirm, {
      routes: {
        [`GET ${batchRoute(42)}`]: batchBody(pendingBatch(42)),
        [`POST ${batchRoute(42)}/approve`]: {
          status: 422,
          body: {
            code: 'INSUFFICIENT_FUNDS',
            message: "You don't have enough money in your balance, please update the amount.",
          },
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    await userEvent.click(await within(dialog).findByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve and continue' }));
    const source = await screen.findByRole('dialog', { name: 'Choose source of funds' });
    expect(within(source).getByRole('radio', { name: 'Main wallet (JMD)' })).toBeChecked();
    await userEvent.click(within(source).getByRole('button', { name: 'Approve & Continue' }));
    expect(await within(source).findByRole('alert')).toHaveTextContent(
      "You don't have enough money in your balance, please update the amount.",
    );
    await userEvent.click(within(source).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm payment' })).toBeInTheDocument();
  });

  it.each([
    [
      'COMPLETED_WITH_ERRORS',
      'Payment partly processed',
      '1 of 3 recipients were not paid. The receipt lists them.',
    ],
    ['FAILED', 'Your Payment Failed', 'Cash in is unavailable at this time.'],
  ] as const)('tells the outcome of a %s batch', async (status, title, subtitle) => {
    let approved = false;
    await renderOpener(openConfirm, {
      routes: {
        [`GET ${batchRoute(42)}`]: () =>
          batchBody(
            approved
              ? makeBatch(42, { status, payees_not_paid: 1, account_type: 'BANK_ACCOUNT', account_id: 3 })
              : pendingBatch(42),
          ),
        [`POST ${batchRoute(42)}/approve`]: () => {
          approved = true;
          return batchBody(makeBatch(42, { status: 'APPROVED' }));
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    await userEvent.click(await within(dialog).findByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve and continue' }));
    const source = await screen.findByRole('dialog', { name: 'Choose source of funds' });
    await userEvent.click(within(source).getByRole('radio', { name: /linked bank account/ }));
    await userEvent.click(within(source).getByRole('button', { name: 'Approve & Continue' }));
    const outcome = await screen.findByRole('dialog', { name: title });
    expect(within(outcome).getByText(subtitle)).toBeInTheDocument();
  });

  it('says the payment is being processed when it is still not done after 15 reads', async () => {
    let approved = false;
    let readsAfter = 0;
    await renderOpener(openConfirm, {
      routes: {
        [`GET ${batchRoute(42)}`]: () => {
          if (approved) readsAfter += 1;
          return batchBody(approved ? makeBatch(42, { status: 'PROCESSING' }) : pendingBatch(42));
        },
        [`POST ${batchRoute(42)}/approve`]: () => {
          approved = true;
          return batchBody(makeBatch(42, { status: 'APPROVED' }));
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    await userEvent.click(await within(dialog).findByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve and continue' }));
    const source = await screen.findByRole('dialog', { name: 'Choose source of funds' });
    await userEvent.click(within(source).getByRole('button', { name: 'Approve & Continue' }));
    const outcome = await screen.findByRole('dialog', { name: 'Your payment is being processed' });
    expect(within(outcome).getByText("We'll let you know when it's ready.")).toBeInTheDocument();
    expect(readsAfter).toBe(15);
  });

  it('lets a manager request approval instead, and says it was sent', async () => {
    const { requests } = await renderOpener(openConfirm, {
      roleId: 2,
      routes: {
        [`GET ${batchRoute(42)}`]: batchBody(makeBatch(42)),
        [`POST ${batchRoute(42)}/request`]: batchBody(makeBatch(42, { status: 'PENDING_APPROVAL' })),
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    await within(dialog).findByText('Number of payees');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Approve and continue' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request approval' }));
    const sent = await screen.findByRole('dialog', { name: 'Payment Sent for Approval' });
    expect(
      within(sent).getByText(
        'Your payment was sent for approval. You will be notified when the approval is done.',
      ),
    ).toBeInTheDocument();
    expect(
      requests.some((request) => request.method === 'POST' && request.path === `${batchRoute(42)}/request`),
    ).toBe(true);
  });

  it.each([
    ['uploaded', { created_by_id: 'user_1' }],
    ['sent for approval', { requested_by_id: 'user_1' }],
  ] as const)('shows the admin who %s a pending batch no Approve, only Reject', async (_case, maker) => {
    await renderOpener(openConfirm, {
      routes: { [`GET ${batchRoute(42)}`]: batchBody(pendingBatch(42, maker)) },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    expect(
      await within(dialog).findByText(
        'You uploaded this batch or sent it for approval, so another admin must approve it.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Approve and continue' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Request approval' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
  });

  it('has an admin send their own validated batch for approval rather than approve it', async () => {
    const { requests } = await renderOpener(openConfirm, {
      routes: {
        [`GET ${batchRoute(42)}`]: batchBody(makeBatch(42, { created_by_id: 'user_1' })),
        [`POST ${batchRoute(42)}/request`]: batchBody(pendingBatch(42, { created_by_id: 'user_1' })),
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    await within(dialog).findByText('Number of payees');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Approve and continue' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request approval' }));
    expect(await screen.findByRole('dialog', { name: 'Payment Sent for Approval' })).toBeInTheDocument();
    expect(requests.some((request) => request.path === `${batchRoute(42)}/request`)).toBe(true);
  });

  it('rejects with a reason of at most 45 characters, with its counter', async () => {
    const { requests } = await renderOpener(openConfirm, {
      routes: {
        [`GET ${batchRoute(42)}`]: batchBody(makeBatch(42)),
        [`POST ${batchRoute(42)}/reject`]: batchBody(makeBatch(42, { status: 'REJECTED' })),
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Reject' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject batch ID 42' });
    const reason = within(reject).getByRole('textbox', { name: 'Reason (optional)' });
    await userEvent.type(reason, 'x'.repeat(46));
    expect(within(reject).getByText('46/45 characters')).toBeInTheDocument();
    expect(within(reject).getByRole('button', { name: 'Reject' })).toBeDisabled();
    await userEvent.clear(reason);
    await userEvent.type(reason, 'Wrong amounts');
    expect(within(reject).getByText('13/45 characters')).toBeInTheDocument();
    await userEvent.click(within(reject).getByRole('button', { name: 'Reject' }));
    const rejected = await screen.findByRole('dialog', { name: 'Payment Rejected' });
    expect(within(rejected).getByText('Your payment was rejected')).toBeInTheDocument();
    const sent = requests.find((request) => request.path === `${batchRoute(42)}/reject`);
    expect(JSON.parse(sent!.body!)).toEqual({ reason: 'Wrong amounts' });
  });

  it('asks "Are you sure?" on Cancel; Nevermind comes back, Yes closes; Resume Later closes', async () => {
    await renderOpener(openConfirm, { routes: { [`GET ${batchRoute(42)}`]: batchBody(makeBatch(42)) } });
    let dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Cancel' }));
    let confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Nevermind' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Cancel' }));
    confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Resume Later' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the weekly limit on the Confirm Payment screen', () => {
  const manager = (remaining: number | { status: number; body: unknown }) =>
    renderOpener(openConfirm, {
      roleId: 2,
      routes: {
        [`GET ${batchRoute(42)}`]: batchBody(makeBatch(42)),
        [WEEKLY_LIMIT]: typeof remaining === 'number' ? weeklyLimitBody(remaining) : remaining,
      },
    });

  it('warns a manager whose batch, fees and GCT included, is above what remains this week, and still lets them request approval', async () => {
    // The total is J$4,551.75 (sub total J$4,500.00): one cent more than remains.
    await manager(4551_74);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You currently have J$4,551.74 remaining for this week, and the limit will reset at the end of the week.',
    );
    expect(within(dialog).getByRole('button', { name: 'Request approval' })).toBeEnabled();
  });

  it('says nothing when the total is exactly what remains', async () => {
    const { requests } = await manager(4551_75);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    await within(dialog).findByText('Number of payees');
    await vi.waitFor(() =>
      expect(requests.some((request) => request.path.includes('/limits?period=2&transfer_type=MBATCH'))).toBe(
        true,
      ),
    );
    // Asked for: let its answer come back and render before looking for a warning.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the weekly limit could not be checked when it cannot be read', async () => {
    await manager({ status: 500, body: { code: 'INTERNAL', message: 'Something went wrong' } });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'We experienced technical difficulties checking your weekly limit.',
    );
    expect(within(dialog).getByRole('button', { name: 'Request approval' })).toBeEnabled();
  });

  it("warns an admin approving a batch above what remains with the spec's admin text", async () => {
    await renderOpener(openConfirm, {
      routes: {
        [`GET ${batchRoute(42)}`]: batchBody(pendingBatch(42)),
        [WEEKLY_LIMIT]: weeklyLimitBody(1000_00),
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Proceeding with this transaction will exceed your weekly limit. You have J$1,000.00 remaining for this week.',
    );
  });
});
