import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { makeBranch, makeLimit, makeProfile, makeSession } from '@/test/fixtures';
import { makeOrganization, renderRoutes } from '@/test/render';
import { BranchAccountsPane } from './branch-accounts-pane';
import { branchLimitTotals } from './branch-limits-widget';
import { CorporateDashboard } from './corporate-dashboard';

const ROUTES = [
  {
    path: '/',
    element: <CorporateDashboard />,
    children: [{ index: true, element: <BranchAccountsPane /> }],
  },
];

const organization = makeOrganization({
  orgId: 'org_1000',
  segment: '1000',
  corporate: true,
  profile: makeProfile({ name: 'Blue Mountain Coffee House', organization_id: 'org_1000' }),
});

function renderDashboard(permissions?: string[]) {
  installFakeFetch({
    'GET /api/account/v1/accounts/children': {
      body: {
        children: [
          makeBranch(1, {
            limits: {
              TOP: makeLimit('TOP', 100_000_00, 10_000_00),
              ACH_CASHOUT: makeLimit('ACH_CASHOUT', 100_000_00, 60_000_00),
              MBATCH: makeLimit('MBATCH', 100_000_00, 80_000_00),
            },
          }),
          makeBranch(2, {
            limits: {
              TOP: makeLimit('TOP', 300_000_00, 30_000_00),
              ACH_CASHOUT: makeLimit('ACH_CASHOUT', 300_000_00, 0),
              MBATCH: makeLimit('MBATCH', 300_000_00, 0),
            },
          }),
        ],
      },
    },
  });
  return renderRoutes(ROUTES, {
    path: '/',
    organization,
    session: makeSession(4, permissions ? { permissions } : {}),
  });
}

describe('CorporateDashboard', () => {
  it('has exactly one h1, for screen readers, and no branch-name heading on "/" nor a skipped heading level', async () => {
    renderDashboard();
    await screen.findByRole('table', { name: 'Branch Accounts' });
    const headings = screen.getAllByRole('heading');
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([
      'Corporate dashboard',
    ]);
    expect(screen.queryByText('Blue Mountain Coffee House')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Branch Accounts' }).tagName).toBe('H2');
    const levels = headings.map((heading) => Number(heading.tagName.slice(1)));
    levels.forEach((level, index) => expect(level).toBeLessThanOrEqual((levels[index - 1] ?? 0) + 1));
  });

  it('shows the combined balance and the branches’ limit usage to a user with balance read', async () => {
    renderDashboard();
    const carousel = screen.getByRole('region', { name: 'Corporate overview' });
    expect(within(carousel).getByText('Combined balance')).toBeInTheDocument();
    // Cash - In: 40,000 used of 400,000 across the two branches.
    const cashIn = within(carousel).getByTestId('widget-branch-limit-TOP');
    expect(await within(cashIn).findByText('J$40,000.00 of J$400,000.00 used')).toBeInTheDocument();
    expect(within(cashIn).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '10');
    expect(within(carousel).getByTestId('widget-branch-limit-ACH_CASHOUT')).toHaveTextContent(
      'Cash - Out, all branches',
    );
    expect(within(carousel).getByTestId('widget-branch-limit-MBATCH')).toHaveTextContent(
      'Payments, all branches',
    );
  });

  it('shows no widget to a user without balance read', async () => {
    renderDashboard(['read:staff']);
    await screen.findByRole('table', { name: 'Branch Accounts' });
    expect(screen.queryByTestId('widget-carousel')).not.toBeInTheDocument();
    expect(screen.queryByText('Combined balance')).not.toBeInTheDocument();
  });

  it('puts the widgets in two mini carousels on a smartphone: balances, then limits', async () => {
    window.innerWidth = 375;
    renderDashboard();
    const carousels = screen.getAllByTestId('widget-carousel');
    expect(carousels.map((carousel) => carousel.getAttribute('aria-label'))).toEqual([
      'Balances',
      'Branch limits',
    ]);
    expect(within(carousels[0]!).getByTestId('widget-mini-combined-balance')).toBeInTheDocument();
    expect(await within(carousels[1]!).findAllByRole('progressbar')).toHaveLength(3);
  });
});

describe('branchLimitTotals', () => {
  it('adds up the limits of the branches that sent them, or says there are none', () => {
    const branches = [
      makeBranch(1, { limits: { ...makeBranch(1).limits!, TOP: makeLimit('TOP', 100, 25) } }),
      makeBranch(2, { balance: null, limits: null }),
      makeBranch(3, { limits: { ...makeBranch(3).limits!, TOP: makeLimit('TOP', 300, 75) } }),
    ];
    expect(branchLimitTotals(branches, 'TOP')).toEqual({ limit: 400, remaining: 300, used: 100 });
    expect(branchLimitTotals([makeBranch(2, { balance: null, limits: null })], 'TOP')).toBeNull();
  });
});
