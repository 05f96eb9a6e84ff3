/**
 * What the transfer modal's tests share: the linked accounts, the fake limit routes and the steps
 * to open the modal and fill it in.
 */
import type { Account } from '@lynk/contract/accounts';
import { MESSAGES } from '@lynk/contract/messages';
import { ROLE_PERMISSIONS } from '@lynk/contract/roles';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeFetch, type FakeResponse, type FakeRoutes } from '@/test/fake-fetch';
import { makeAccount, makeLimit, makeSession } from '@/test/fixtures';
import { makeOrganization, renderWithProviders } from '@/test/render';
import { TransferButton } from '@/features/wallet/components/transfer-button';

export const MAIN = makeAccount('LYNK', 1);
export const JAMDEX = makeAccount('CBDC', 2);
export const BANK: Account = {
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
export const ALL = [MAIN, JAMDEX, BANK, SECOND_BANK, BENEFICIARY];

export const TRANSFERS = '/api/account/v1/accounts/1/transfers';
export const DAILY_LIMIT_EXCEEDED = MESSAGES.transfer.dailyLimitExceeded;
export const IN_PROGRESS: FakeResponse = {
  status: 409,
  body: {
    code: 'IDEMPOTENCY_IN_PROGRESS',
    message: 'A request with this Idempotency-Key is still being processed.',
  },
};
const CASH_OUT_LIMIT = '/api/account/v1/accounts/1/limits?period=1&transfer_type=ACH_CASHOUT';
export const CASH_IN_LIMIT = '/api/account/v1/accounts/1/limits?period=1&transfer_type=TOP';

export function limits(remainingCents = 1_000_000_00): FakeRoutes {
  const limit = 1_000_000_00;
  return {
    [`GET ${CASH_OUT_LIMIT}`]: { body: { data: makeLimit('ACH_CASHOUT', limit, limit - remainingCents) } },
    [`GET ${CASH_IN_LIMIT}`]: { body: { data: makeLimit('TOP', limit, limit - remainingCents) } },
  };
}

export async function openTransfer({
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
    organization: makeOrganization({ accounts, hasCbdc: accounts.includes(JAMDEX) }),
    overlays: true,
  });
  await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
  const dialog = await screen.findByRole('dialog', { name: 'Transfer' });
  await within(dialog).findByRole('combobox', { name: 'From' });
  return { ...view, ...server, dialog };
}

export function optionsOf(dialog: HTMLElement, name: 'From' | 'To'): string[] {
  const select = within(dialog).getByRole('combobox', { name });
  return within(select)
    .getAllByRole('option')
    .filter((option) => !(option as HTMLOptionElement).disabled)
    .map((option) => option.textContent ?? '');
}

export async function choose(dialog: HTMLElement, name: 'From' | 'To', label: string) {
  await userEvent.selectOptions(within(dialog).getByRole('combobox', { name }), label);
}

export async function typeAmount(dialog: HTMLElement, amount: string) {
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Amount' }), amount);
}
