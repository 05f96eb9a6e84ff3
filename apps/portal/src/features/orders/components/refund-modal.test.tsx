import type { Order } from '@lynk/contract/orders';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FakeRoutes } from '@/test/fake-fetch';
import { makeOrder, makeRefund, renderOpener } from '@/test/orders';
import { openRefundModal } from './open-refund-modal';

const FULL = '/api/payment/1001/full-refund';
const PARTIAL = '/api/payment/1001/partial-refund';
/** A paid order of J$1,000.00 of which J$250.00 was refunded already: J$750.00 is left. */
const ORDER = makeOrder(1, { amount_refunded: 250_00 });

async function openRefund(routes: FakeRoutes = {}, order: Order = ORDER) {
  const view = await renderOpener(() => openRefundModal(order), { routes });
  const dialog = await screen.findByRole('dialog', { name: 'Transaction ID #1001' });
  return { ...view, dialog };
}

async function chooseAndGoOn(dialog: HTMLElement, kind: 'Full Refund' | 'Partial Refund') {
  await userEvent.click(within(dialog).getByRole('radio', { name: new RegExp(kind) }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
  return within(dialog).findByRole('textbox', { name: 'Amount' });
}

const issue = (dialog: HTMLElement) =>
  userEvent.click(within(dialog).getByRole('button', { name: 'Issue Refund' }));

describe('refund modal (refund)', () => {
  it('waits for Full Refund or partial before Next', async () => {
    const { dialog } = await openRefund();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Partial Refund/ }));
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('locks a full refund to what is left of the order', async () => {
    const { dialog } = await openRefund();
    const amount = await chooseAndGoOn(dialog, 'Full Refund');
    expect(amount).toHaveValue('750.00');
    expect(amount).toHaveAttribute('readonly');
    await userEvent.type(amount, '9');
    expect(amount).toHaveValue('750.00');
    const value = (label: string) =>
      within(dialog).getByText(label).closest('div')?.querySelector('dd')?.textContent;
    expect(value('Left to refund')).toBe('J$750.00');
    // J$25.00 of commission, three quarters of it still to give back.
    expect(value('Commission refund')).toBe('J$18.75');
    expect(
      within(dialog).getByRole('button', { name: 'This value represents the refund of the commission.' }),
    ).toBeInTheDocument();
  });

  it('asks for a reason only once Issue Refund is pressed', async () => {
    const { dialog, requests } = await openRefund();
    await chooseAndGoOn(dialog, 'Full Refund');
    expect(within(dialog).queryByText('Reason is required')).not.toBeInTheDocument();
    await issue(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Reason is required');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('says "Amount is required" for an emptied amount or one under J$1', async () => {
    const { dialog } = await openRefund();
    const amount = await chooseAndGoOn(dialog, 'Partial Refund');
    expect(within(dialog).queryByText('Amount is required')).not.toBeInTheDocument();
    await userEvent.type(amount, '5');
    await userEvent.clear(amount);
    expect(await within(dialog).findByText('Amount is required')).toBeInTheDocument();
    await userEvent.type(amount, '0.99');
    expect(await within(dialog).findByText('Amount is required')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '1');
    expect(within(dialog).queryByText('Amount is required')).not.toBeInTheDocument();
  });

  it('says "Amount is greater than the Total" above what is left to refund', async () => {
    const { dialog } = await openRefund();
    const amount = await chooseAndGoOn(dialog, 'Partial Refund');
    await userEvent.type(amount, '750.01');
    expect(await within(dialog).findByText('Amount is greater than the Total')).toBeInTheDocument();
    await userEvent.type(amount, '{Backspace}');
    expect(within(dialog).queryByText('Amount is greater than the Total')).not.toBeInTheDocument();
  });

  it('issues a full refund of what is left with an Idempotency-Key, then says so and reloads the lists', async () => {
    const { dialog, requests, queryClient } = await openRefund({
      [`POST ${FULL}`]: { status: 201, body: { data: makeRefund(1, { amount_to_refund: 750_00 }) } },
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await chooseAndGoOn(dialog, 'Full Refund');
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Reason' }),
      'Damaged or defective',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Notes (Optional)' }), ' Cracked cup ');
    expect(within(dialog).getByText('13/100 characters')).toBeInTheDocument();
    await issue(dialog);

    const status = await screen.findByRole('dialog', { name: "You've successfully issued your refund." });
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.path).toBe(FULL);
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      amount_to_refund: 750_00,
      transferID: 'TRF-ORD-1',
      description: 'Cracked cup',
      motif: 'DAMAGED',
    });
    expect(post?.headers.get('idempotency-key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual(
      expect.arrayContaining([
        ['refunds', 'org_1001'],
        ['orders', 'org_1001'],
        ['balance', 'org_1001'],
      ]),
    );
    await userEvent.click(within(status).getByRole('button', { name: 'Return to Dashboard' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('issues a full refund of the cents left after partial refunds, under the J$1 a partial one needs', async () => {
    const order = makeOrder(1, { amount_refunded: 1000_00 - 50 });
    const { dialog, requests } = await openRefund(
      { [`POST ${FULL}`]: { status: 201, body: { data: makeRefund(1, { amount_to_refund: 50 }) } } },
      order,
    );
    expect(await chooseAndGoOn(dialog, 'Full Refund')).toHaveValue('0.50');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Other');
    await issue(dialog);
    await screen.findByRole('dialog', { name: "You've successfully issued your refund." });
    const post = requests.find((request) => request.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toMatchObject({ amount_to_refund: 50 });
  });

  it('sends a partial refund of the amount typed to the partial route', async () => {
    const { dialog, requests } = await openRefund({
      [`POST ${PARTIAL}`]: { status: 201, body: { data: makeRefund(1, { amount_to_refund: 100_50 }) } },
    });
    const amount = await chooseAndGoOn(dialog, 'Partial Refund');
    await userEvent.type(amount, '100.5');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Other');
    await issue(dialog);
    await screen.findByRole('dialog', { name: "You've successfully issued your refund." });
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.path).toBe(PARTIAL);
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      amount_to_refund: 100_50,
      transferID: 'TRF-ORD-1',
      description: '',
      motif: 'OTHER',
    });
  });

  it.each([
    [
      'a refusal',
      {
        status: 422,
        body: {
          code: 'INSUFFICIENT_FUNDS',
          message: 'Your main wallet account balance is too low to complete the transaction',
        },
      },
    ],
    ['a server error', { status: 500, body: { code: 'INTERNAL', message: 'Boom' } }],
  ])('shows the failure modal after %s', async (_case, answer) => {
    const { dialog } = await openRefund({ [`POST ${FULL}`]: answer });
    await chooseAndGoOn(dialog, 'Full Refund');
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Reason' }),
      'No longer needed',
    );
    await issue(dialog);
    const failure = await screen.findByRole('dialog', {
      name: 'Oops! Something went wrong. Want to try again?',
    });
    expect(within(failure).getByTestId('transaction-status-failure')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Transaction ID #1001' })).not.toBeInTheDocument();
  });

  it('sends the same refund again with the same key after an unknown outcome, and a new key after a refusal', async () => {
    let answers = [
      { status: 500, body: { code: 'INTERNAL', message: 'Boom' } },
      { status: 422, body: { code: 'REFUND_AMOUNT_INVALID', message: 'Amount is greater than the Total' } },
      { status: 422, body: { code: 'REFUND_AMOUNT_INVALID', message: 'Amount is greater than the Total' } },
    ];
    const { requests } = await renderOpener(() => openRefundModal(ORDER), {
      routes: {
        [`POST ${PARTIAL}`]: () => {
          const [answer, ...rest] = answers;
          answers = rest;
          return answer ?? { status: 500 };
        },
      },
    });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      if (attempt > 0) openRefundModal(ORDER);
      const dialog = await screen.findByRole('dialog', { name: 'Transaction ID #1001' });
      await userEvent.type(await chooseAndGoOn(dialog, 'Partial Refund'), '20');
      await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Other');
      await issue(dialog);
      await screen.findByRole('dialog', { name: 'Oops! Something went wrong. Want to try again?' });
    }
    const keys = requests
      .filter((request) => request.method === 'POST')
      .map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('goes back to the choice, and Cancel returns to the details it came from', async () => {
    const { dialog } = await openRefund();
    await chooseAndGoOn(dialog, 'Partial Refund');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('radio', { name: /Partial Refund/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
