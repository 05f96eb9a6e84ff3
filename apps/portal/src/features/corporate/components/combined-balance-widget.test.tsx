import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeFetch } from '@/testing/fake-fetch';
import { makeBranch, makeSession } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { CombinedBalanceWidget } from './combined-balance-widget';

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

  it('shows 0 when the branches cannot be read', async () => {
    installFakeFetch({
      'GET /api/account/v1/accounts/children': { status: 500, body: { code: 'INTERNAL', message: 'Boom' } },
    });
    renderWithProviders(<CombinedBalanceWidget />, { session: makeSession(4) });
    await userEvent.click(screen.getByRole('button', { name: 'Show balance' }));
    expect(await screen.findByText('J$0.00')).toBeInTheDocument();
  });
});
