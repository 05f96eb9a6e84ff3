import type { Account } from '@lynk/contract/accounts';
import { MESSAGES } from '@lynk/contract/messages';
import { ROLE_PERMISSIONS } from '@lynk/contract/roles';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, type FakeResponse, type FakeRoutes } from '@/testing/fake-fetch';
import { makeAccount, makeLimit, makeSession, makeTransfer } from '@/testing/fixtures';
import { makeOrganisation, renderWithProviders } from '@/testing/render';
import { TransferButton } from './transfer-button';

const MAIN = makeAccount('LYNK', 1);
const JAMDEX = makeAccount('CBDC', 2);
const BANK: Account = {
  id: 3,
  type: 'BANK_ACCOUNT',
  label: 'NCB ****1234',
  details: { account_id: 'BANK-3', currency: 'JMD', masked_bank_account: '****1234' },
};
const SECOND_BANK: Account = {
  ...BANK,
  id: 4,
  label: 'JN Bank ****9876',
  details: { ...BANK.details, account_id: 'BANK-4' },
};
const BENEFICIARY: Account = {
  id: 5,
  type: 'BENEFICIARY',
  label: 'Marcia Campbell',
  details: { account_id: 'BEN-5', currency: 'JMD', account_number: '001234567' },
};
const ALL = [MAIN, JAMDEX, BANK, SECOND_BANK, BENEFICIARY];

const TRANSFERS = '/api/account/v1/accounts/1/transfers';
const DAILY_LIMIT_EXCEEDED = MESSAGES.transfer.dailyLimitExceeded;
const IN_PROGRESS: FakeResponse = {
  status: 409,
  body: {
    code: 'IDEMPOTENCY_IN_PROGRESS',
    message: 'A request with this Idempotency-Key is still being processed.',
  },
};
const CASH_OUT_LIMIT = '/api/account/v1/accounts/1/limits?period=1&transfer_type=ACH_CASHOUT';
const CASH_IN_LIMIT = '/api/account/v1/accounts/1/limits?period=1&transfer_type=TOP';

function limits(remainingCents = 1_000_000_00): FakeRoutes {
  const limit = 1_000_000_00;
  return {
    [`GET ${CASH_OUT_LIMIT}`]: { body: { data: makeLimit('ACH_CASHOUT', limit, limit - remainingCents) } },
    [`GET ${CASH_IN_LIMIT}`]: { body: { data: makeLimit('TOP', limit, limit - remainingCents) } },
  };
}

async function openTransfer({
  accounts = ALL,
  permissions = ROLE_PERMISSIONS[1],
  routes = limits(),
  wallet = 'main',
}: {
  accounts?: Account[];
  permissions?: readonly string[];
  routes?: FakeRoutes;
  wallet?: 'main' | 'cbdc';
} = {}) {
  const server = installFakeFetch(routes);
  const view = renderWithProviders(<TransferButton wallet={wallet} />, {
    session: makeSession(1, { permissions: [...permissions] }),
    organisation: makeOrganisation({ accounts, hasCbdc: accounts.includes(JAMDEX) }),
    overlays: true,
  });
  await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
  const dialog = await screen.findByRole('dialog', { name: 'Transfer' });
  await within(dialog).findByRole('combobox', { name: 'From' });
  return { ...view, ...server, dialog };
}

function optionsOf(dialog: HTMLElement, name: 'From' | 'To'): string[] {
  const select = within(dialog).getByRole('combobox', { name });
  return within(select)
    .getAllByRole('option')
    .filter((option) => !(option as HTMLOptionElement).disabled)
    .map((option) => option.textContent ?? '');
}

async function choose(dialog: HTMLElement, name: 'From' | 'To', label: string) {
  await userEvent.selectOptions(within(dialog).getByRole('combobox', { name }), label);
}

async function typeAmount(dialog: HTMLElement, amount: string) {
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Amount' }), amount);
}

describe('transfer button', () => {
  it('is hidden without a transfer permission', () => {
    renderWithProviders(<TransferButton wallet="main" />, {
      session: makeSession(3),
      organisation: makeOrganisation({ accounts: ALL }),
    });
    expect(screen.queryByRole('button', { name: 'Transfer' })).not.toBeInTheDocument();
  });

  it('is hidden without a linked account the user may use', () => {
    renderWithProviders(<TransferButton wallet="main" />, {
      session: makeSession(1),
      organisation: makeOrganisation({ accounts: [MAIN] }),
    });
    expect(screen.queryByRole('button', { name: 'Transfer' })).not.toBeInTheDocument();
  });
});

describe('transfer modal accounts', () => {
  it('starts from the wallet it was opened on and never offers the source as the target', async () => {
    const { dialog } = await openTransfer();
    expect(within(dialog).getByRole('combobox', { name: 'From' })).toHaveDisplayValue('Main wallet');
    expect(optionsOf(dialog, 'From')).toEqual([
      'Main wallet',
      'JAM-DEX wallet',
      'NCB ****1234',
      'JN Bank ****9876',
    ]);
    expect(optionsOf(dialog, 'To')).toEqual([
      'JAM-DEX wallet',
      'NCB ****1234',
      'JN Bank ****9876',
      'Marcia Campbell',
    ]);
  });

  it('offers JAM-DEX and beneficiaries as targets only from the main wallet', async () => {
    const { dialog } = await openTransfer();
    await choose(dialog, 'From', 'NCB ****1234');
    expect(optionsOf(dialog, 'To')).toEqual(['Main wallet']);
    // The only way from a bank account is into the main wallet: it is chosen already.
    expect(within(dialog).getByRole('combobox', { name: 'To' })).toHaveDisplayValue('Main wallet');

    await choose(dialog, 'From', 'JAM-DEX wallet');
    expect(optionsOf(dialog, 'To')).toEqual(['Main wallet']);
  });

  it('starts from JAM-DEX when opened on the JAM-DEX wallet', async () => {
    const { dialog } = await openTransfer({ wallet: 'cbdc' });
    expect(within(dialog).getByRole('combobox', { name: 'From' })).toHaveDisplayValue('JAM-DEX wallet');
    expect(within(dialog).getByRole('combobox', { name: 'To' })).toHaveDisplayValue('Main wallet');
  });

  it('drops a chosen target the new source cannot reach', async () => {
    const { dialog } = await openTransfer();
    await choose(dialog, 'To', 'Marcia Campbell');
    await choose(dialog, 'From', 'NCB ****1234');
    await choose(dialog, 'From', 'Main wallet');
    expect(within(dialog).getByRole('combobox', { name: 'To' })).toHaveValue('');
  });

  it('offers only what the permissions allow', async () => {
    // A manager may not cash in from a bank (create:cashins); without cbdc-cashouts JAM-DEX is no target.
    const permissions = ROLE_PERMISSIONS[2].filter((permission) => permission !== 'create:cbdc-cashouts');
    const { dialog } = await openTransfer({ permissions });
    expect(optionsOf(dialog, 'From')).toEqual(['Main wallet', 'JAM-DEX wallet']);
    expect(optionsOf(dialog, 'To')).toEqual(['NCB ****1234', 'JN Bank ****9876', 'Marcia Campbell']);
  });

  it('says a transfer cannot be made without a main wallet', async () => {
    installFakeFetch({});
    renderWithProviders(<TransferButton wallet="cbdc" />, {
      session: makeSession(1),
      organisation: makeOrganisation({ accounts: [JAMDEX, BANK] }),
      overlays: true,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(
      await screen.findByText('Unable to action a transfer. Please try again later.'),
    ).toBeInTheDocument();
  });
});

describe('transfer modal amount', () => {
  it('refuses an amount over what remains of the daily limit, with the spec message', async () => {
    const { dialog, requests } = await openTransfer({ routes: limits(500_00) });
    await choose(dialog, 'To', 'NCB ****1234');
    await typeAmount(dialog, '600');
    expect(await within(dialog).findByText(DAILY_LIMIT_EXCEEDED)).toBeInTheDocument();
    expect(DAILY_LIMIT_EXCEEDED).toBe('This action would exceeded your daily limit for this action.');
    // The amount left is the server's message, shown only when the server refuses.
    expect(within(dialog).queryByText(/remaining for this day/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm transfer' }));
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('accepts exactly what remains of the daily limit', async () => {
    const { dialog } = await openTransfer({ routes: limits(500_00) });
    await choose(dialog, 'To', 'NCB ****1234');
    await typeAmount(dialog, '500');
    await within(dialog).findByDisplayValue('500');
    expect(within(dialog).queryByText(DAILY_LIMIT_EXCEEDED)).not.toBeInTheDocument();
  });

  it('checks a cash-in from a bank against the cash-in (TOP) limit', async () => {
    const { dialog, requests } = await openTransfer({ routes: limits(50_00) });
    await choose(dialog, 'From', 'NCB ****1234');
    await typeAmount(dialog, '50.01');
    expect(await within(dialog).findByText(DAILY_LIMIT_EXCEEDED)).toBeInTheDocument();
    expect(requests.map((request) => request.path)).toContain(CASH_IN_LIMIT);
  });

  it('does not check the daily limit when JAM-DEX is either side', async () => {
    const { dialog, requests } = await openTransfer({ routes: limits(1_00) });
    await choose(dialog, 'To', 'JAM-DEX wallet');
    await typeAmount(dialog, '5000');
    expect(within(dialog).queryByText(DAILY_LIMIT_EXCEEDED)).not.toBeInTheDocument();
    expect(requests.filter((request) => request.path.includes('/limits'))).toHaveLength(0);
  });

  it('needs at least J$0.10', async () => {
    const { dialog } = await openTransfer();
    await choose(dialog, 'To', 'NCB ****1234');
    await typeAmount(dialog, '0.09');
    expect(await within(dialog).findByText('The amount minimum is J$0.10')).toBeInTheDocument();
  });

  it('asks for every field on submit', async () => {
    // Opened from a wallet the organisation lacks: nothing is chosen yet.
    const { dialog, requests } = await openTransfer({ wallet: 'cbdc', accounts: [MAIN, BANK] });
    expect(within(dialog).getByRole('combobox', { name: 'From' })).toHaveValue('');
    // Nothing is announced on open; each error is announced as it appears.
    expect(within(dialog).queryAllByRole('alert')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm transfer' }));
    expect(
      within(dialog)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual([
      'Please choose the account to transfer from.',
      'Please choose the account to transfer to.',
      'Please enter an amount.',
    ]);
    expect(within(dialog).getByText('Please choose the account to transfer from.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose the account to transfer to.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter an amount.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('groups thousands as the amount is typed', async () => {
    const { dialog } = await openTransfer();
    await typeAmount(dialog, '1234567.891');
    expect(within(dialog).getByRole('textbox', { name: 'Amount' })).toHaveValue('1,234,567.89');
  });
});

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

describe('transfer modal while sending', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function postsOf(requests: { method: string; headers: Headers }[]) {
    return requests.filter((request) => request.method === 'POST');
  }

  function overlay(): HTMLElement {
    const element = document.querySelector<HTMLElement>('.mantine-Modal-overlay');
    if (!element) throw new Error('No modal overlay');
    return element;
  }

  /** Escape, a click outside and the close button: each would close an idle modal. */
  async function tryToClose(dialog: HTMLElement) {
    await userEvent.keyboard('{Escape}');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await userEvent.click(overlay());
    fireEvent.mouseDown(overlay());
    fireEvent.click(overlay());
  }

  it('cannot be closed until the answer is in', async () => {
    let answer: (response: FakeResponse) => void = () => undefined;
    const { dialog, requests } = await openTransfer({
      routes: {
        ...limits(),
        [`POST ${TRANSFERS}`]: () =>
          new Promise<FakeResponse>((resolve) => {
            answer = resolve;
          }),
      },
    });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await choose(dialog, 'To', 'NCB ****1234');
    await typeAmount(dialog, '25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm transfer' }));
    await vi.waitFor(() => expect(postsOf(requests)).toHaveLength(1));

    await vi.waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument(),
    );
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(cancel).toBeDisabled();
    fireEvent.click(cancel);
    await tryToClose(dialog);
    expect(screen.getByRole('dialog', { name: 'Transfer' })).toBeInTheDocument();
    // Enter again sends nothing more.
    fireEvent.submit(within(dialog).getByRole('textbox', { name: 'Amount' }).closest('form')!);
    expect(postsOf(requests)).toHaveLength(1);

    act(() => answer({ status: 201, body: { data: makeTransfer(4, { status: 'SCHEDULED' }) } }));
    await screen.findByRole('dialog', { name: 'Your transfer is being processed' });
    expect(screen.queryByRole('dialog', { name: 'Transfer' })).not.toBeInTheDocument();
  });

  it('can be closed again once a failed attempt is over', async () => {
    const { dialog } = await openTransfer({
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
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(await within(dialog).findByRole('button', { name: 'Close' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Transfer' })).not.toBeInTheDocument(),
    );
  });

  /** Fills a cash-out of J$25 with real timers, then lets the test drive the clock. */
  async function submitWithFakeClock(answers: FakeResponse[]) {
    let calls = 0;
    const opened = await openTransfer({
      routes: {
        ...limits(),
        [`POST ${TRANSFERS}`]: () => answers[Math.min(calls++, answers.length - 1)] ?? IN_PROGRESS,
      },
    });
    await choose(opened.dialog, 'To', 'NCB ****1234');
    await typeAmount(opened.dialog, '25');
    vi.useFakeTimers();
    fireEvent.click(within(opened.dialog).getByRole('button', { name: 'Confirm transfer' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    return { ...opened, tick };
  }

  it('asks again after a second, with the same key, while the server is still processing it', async () => {
    const { dialog, requests, tick } = await submitWithFakeClock([
      IN_PROGRESS,
      IN_PROGRESS,
      { status: 201, body: { data: makeTransfer(5, { status: 'SCHEDULED' }) } },
    ]);
    expect(postsOf(requests)).toHaveLength(1);
    // A 409 in progress is no failure: no failure modal, and the modal stays locked.
    expect(screen.queryByRole('dialog', { name: 'Your Transfer Failed' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/couldn't be initiated/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Transfer' })).toBeInTheDocument();

    await tick(999);
    expect(postsOf(requests)).toHaveLength(1);
    await tick(1);
    expect(postsOf(requests)).toHaveLength(2);
    await tick(1000);
    expect(postsOf(requests)).toHaveLength(3);
    await tick(0);
    expect(screen.getByRole('dialog', { name: 'Your transfer is being processed' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Your Transfer Failed' })).not.toBeInTheDocument();

    const posts = postsOf(requests);
    const key = posts[0]?.headers.get('idempotency-key');
    expect(key).toBeTruthy();
    expect(posts.map((post) => post.headers.get('idempotency-key'))).toEqual([key, key, key]);
  });

  it('offers a retry with the same key, not the failure modal, when still in progress after five retries', async () => {
    const { dialog, requests, tick } = await submitWithFakeClock([IN_PROGRESS]);
    for (let retry = 1; retry <= 5; retry += 1) await tick(1000);
    await tick(0);
    expect(postsOf(requests)).toHaveLength(6);
    await tick(5000);
    expect(postsOf(requests)).toHaveLength(6);
    expect(screen.queryByRole('dialog', { name: 'Your Transfer Failed' })).not.toBeInTheDocument();
    expect(
      within(dialog).getByText(
        "Oops! Something went wrong. Your transfer couldn't be initiated, please try again.",
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm transfer' }));
    await tick(0);
    const keys = new Set(postsOf(requests).map((post) => post.headers.get('idempotency-key')));
    expect(postsOf(requests)).toHaveLength(7);
    expect(keys.size).toBe(1);
  });
});
