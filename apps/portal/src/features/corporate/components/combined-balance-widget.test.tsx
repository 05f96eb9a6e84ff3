import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '@/testing/fake-fetch';
import { makeBranch, makeSession } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
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

describe('combinedBalance', () => {
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
