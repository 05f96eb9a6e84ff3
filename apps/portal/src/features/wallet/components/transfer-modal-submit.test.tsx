import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeTransfer } from '@/test/fixtures';
import { TRANSFERS, limits, openTransfer, choose, typeAmount } from '@/test/transfer-modal';

describe('transfer modal submit', () => {
  it('sends the transfer with an Idempotency-Key, then shows it is being processed', async () => {
    const { dialog, requests, queryClient } = await openTransfer({
      routes: {
        ...limits(),
        [`POST ${TRANSFERS}`]: { status: 201, body: { data: makeTransfer(1, { status: 'SCHEDULED' }) } },
      },
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await choose(dialog, 'To', 'NCB ****1234');
    await typeAmount(dialog, '1,234.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm transfer' }));

    const status = await screen.findByRole('dialog', { name: 'Your transfer is being processed' });
    expect(within(status).getByText("We'll let you know when it's ready.")).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Transfer' })).not.toBeInTheDocument();

    const post = requests.find((request) => request.method === 'POST');
    expect(post?.path).toBe(TRANSFERS);
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      transfer_type: 'CASH_OUT',
      account_type: 'BANK_ACCOUNT',
      account_id: 3,
      amount: 123450,
    });
    expect(post?.headers.get('idempotency-key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(post?.headers.get('x-lynk-csrf')).toBe('1');

    const invalidated = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(invalidated).toEqual(
      expect.arrayContaining([
        ['balance', 'org_1001'],
        ['limits', 'org_1001'],
        ['transfers', 'org_1001'],
      ]),
    );

    await userEvent.click(within(status).getByRole('button', { name: 'Return to Dashboard' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('maps JAM-DEX into the main wallet onto a CBDC cash-in', async () => {
    const { dialog, requests } = await openTransfer({
      wallet: 'cbdc',
      routes: { [`POST ${TRANSFERS}`]: { status: 201, body: { data: makeTransfer(2) } } },
    });
    await typeAmount(dialog, '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm transfer' }));
    await screen.findByRole('dialog', { name: 'Your transfer is being processed' });
    const post = requests.find((request) => request.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      transfer_type: 'CASH_IN',
      account_type: 'CBDC',
      account_id: 2,
      amount: 1000,
    });
  });

  it('shows the failure modal with the server message when the transfer is refused', async () => {
    const { dialog } = await openTransfer({
      routes: {
        ...limits(),
        [`POST ${TRANSFERS}`]: {
          status: 422,
          body: {
            code: 'INSUFFICIENT_FUNDS',
            message: "Your account doesn't have enough money. Try a different amount.",
          },
        },
      },
    });
    await choose(dialog, 'To', 'Marcia Campbell');
    await typeAmount(dialog, '99');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm transfer' }));

    const failure = await screen.findByRole('dialog', { name: 'Your Transfer Failed' });
    expect(
      within(failure).getByText("Your account doesn't have enough money. Try a different amount."),
    ).toBeInTheDocument();
    await userEvent.click(within(failure).getByRole('button', { name: 'Return to Dashboard' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the daily limit message the server sends', async () => {
    const message =
      'You currently have 12.00 JMD remaining for this day, and the limit will reset at the end of the day.';
    const { dialog } = await openTransfer({
      routes: {
        ...limits(),
        [`POST ${TRANSFERS}`]: { status: 422, body: { code: 'DAILY_LIMIT_EXCEEDED', message } },
      },
    });
    await choose(dialog, 'To', 'NCB ****1234');
    await typeAmount(dialog, '13');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm transfer' }));
    const failure = await screen.findByRole('dialog', { name: 'Your Transfer Failed' });
    expect(within(failure).getByText(message)).toBeInTheDocument();
  });

  it('retries after a network failure with the same Idempotency-Key', async () => {
    let calls = 0;
    const { dialog, requests } = await openTransfer({
      routes: {
        ...limits(),
        [`POST ${TRANSFERS}`]: () => {
          calls += 1;
          if (calls === 1) throw new TypeError('Failed to fetch');
          return { status: 201, body: { data: makeTransfer(3) } };
        },
      },
    });
    await choose(dialog, 'To', 'NCB ****1234');
    await typeAmount(dialog, '25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm transfer' }));
    expect(
      await within(dialog).findByText(
        "Oops! Something went wrong. Your transfer couldn't be initiated, please try again.",
      ),
    ).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm transfer' }));
    await screen.findByRole('dialog', { name: 'Your transfer is being processed' });
    const keys = requests
      .filter((request) => request.method === 'POST')
      .map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it('uses a new Idempotency-Key when the amount changes after a failed attempt', async () => {
    const { dialog, requests } = await openTransfer({
      routes: {
        ...limits(),
        [`POST ${TRANSFERS}`]: () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    await choose(dialog, 'To', 'NCB ****1234');
    await typeAmount(dialog, '25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm transfer' }));
    await within(dialog).findByText(/couldn't be initiated/);
    await typeAmount(dialog, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm transfer' }));
    await vi.waitFor(() => expect(requests.filter((request) => request.method === 'POST')).toHaveLength(2));
    const keys = requests
      .filter((request) => request.method === 'POST')
      .map((request) => request.headers.get('idempotency-key'));
    expect(keys[1]).not.toBe(keys[0]);
  });
});
