import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { makeAccount, makeBranch, makeSession } from '@/test/fixtures';
import { makeOrganization, renderWithProviders } from '@/test/render';
import { combinedBalance, CombinedBalanceWidget } from './combined-balance-widget';

describe('CombinedBalanceWidget', () => {
  it("adds up the branches' balances once revealed", async () => {
    const { requests } = installFakeFetch({
      'GET /api/account/v1/accounts/children': {
        body: { children: [makeBranch(1, { balance: 1_000_00 }), makeBranch(2, { balance: 2_345_67 })] },
      },
    });
    renderWithProviders(<CombinedBalanceWidget />, { session: makeSession(4) });
    expect(screen.getByTestId('balance-amount')).toHaveTextContent('J$ ****');
    expect(requests).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Show balance' }));
    expect(await screen.findByText('J$3,345.67')).toBeInTheDocument();
  });

  it('leaves out the branches sent without a balance', async () => {
    installFakeFetch({
      'GET /api/account/v1/accounts/children': {
        body: {
          children: [
            makeBranch(1, { balance: 1_000_00 }),
            makeBranch(2, { balance: null, limits: null }),
            makeBranch(3, { balance: 2_345_67 }),
          ],
        },
      },
    });
    renderWithProviders(<CombinedBalanceWidget />, { session: makeSession(4) });
    await userEvent.click(screen.getByRole('button', { name: 'Show balance' }));
    expect(await screen.findByText('J$3,345.67')).toBeInTheDocument();
  });

  it('shows a dash when no branch balance may be read', async () => {
    installFakeFetch({
      'GET /api/account/v1/accounts/children': {
        body: { children: [makeBranch(1, { balance: null, limits: null })] },
      },
    });
    renderWithProviders(<CombinedBalanceWidget />, { session: makeSession(4) });
    await userEvent.click(screen.getByRole('button', { name: 'Show balance' }));
    await vi.waitFor(() => expect(screen.getByTestId('balance-amount')).toHaveTextContent('—'));
  });

  it('shows 0 when the branches cannot be read', async () => {
    installFakeFetch({
      'GET /api/account/v1/accounts/children': { status: 500, body: { code: 'INTERNAL', message: 'Boom' } },
    });
    renderWithProviders(<CombinedBalanceWidget />, { session: makeSession(4) });
    await userEvent.click(screen.getByRole('button', { name: 'Show balance' }));
    expect(await screen.findByText('J$0.00')).toBeInTheDocument();
  });
});

describe("CombinedBalanceWidget with the organisation's own main wallet", () => {
  const organization = makeOrganization({
    orgId: 'org_1000',
    segment: '1000',
    corporate: true,
    accounts: [makeAccount('LYNK', 7)],
  });
  const ownBalance = { body: { data: { balance: 500_00, currency: 'JMD' } } };

  it("adds the organisation's own balance to the branches'", async () => {
    const { requests } = installFakeFetch({
      'GET /api/account/v1/accounts/children': {
        body: { children: [makeBranch(1, { balance: 1_000_00 }), makeBranch(2, { balance: 2_345_67 })] },
      },
      'GET /api/account/v2/accounts/7/balance': ownBalance,
    });
    renderWithProviders(<CombinedBalanceWidget />, { session: makeSession(4), organization });
    await userEvent.click(screen.getByRole('button', { name: 'Show balance' }));
    expect(await screen.findByText('J$3,845.67')).toBeInTheDocument();
    expect(requests.map((request) => request.path)).toContain('/api/account/v2/accounts/7/balance');
  });

  it("shows the organisation's own balance alone when the branches cannot be read", async () => {
    installFakeFetch({
      'GET /api/account/v1/accounts/children': { status: 500, body: { code: 'INTERNAL', message: 'Boom' } },
      'GET /api/account/v2/accounts/7/balance': ownBalance,
    });
    renderWithProviders(<CombinedBalanceWidget />, { session: makeSession(4), organization });
    await userEvent.click(screen.getByRole('button', { name: 'Show balance' }));
    expect(await screen.findByText('J$500.00')).toBeInTheDocument();
  });
});

describe('combinedBalance', () => {
  it("adds the organisation's own balance", () => {
    expect(combinedBalance([makeBranch(1, { balance: 1 })], 2)).toBe(3n);
    expect(combinedBalance([makeBranch(1, { balance: null, limits: null })], 2)).toBe(2n);
  });

  it('adds up the readable balances in bigint, skipping null ones', () => {
    expect(combinedBalance(undefined)).toBeUndefined();
    expect(combinedBalance([])).toBe(0n);
    expect(
      combinedBalance([
        makeBranch(1, { balance: Number.MAX_SAFE_INTEGER }),
        makeBranch(2, { balance: null, limits: null }),
        makeBranch(3, { balance: 1 }),
      ]),
    ).toBe(BigInt(Number.MAX_SAFE_INTEGER) + 1n);
    expect(combinedBalance([makeBranch(1, { balance: null, limits: null })])).toBeNull();
  });
});
