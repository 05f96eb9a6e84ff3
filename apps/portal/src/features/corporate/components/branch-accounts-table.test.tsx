import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeBranch, makeLimit, makeSession } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { BranchAccountsTable } from './branch-accounts-table';

const branches = (count: number) => Array.from({ length: count }, (_, index) => makeBranch(index + 1));

describe('BranchAccountsTable', () => {
  it('pages 25 branches at a time with the "Showing a-b of n entries" footer', async () => {
    renderWithProviders(<BranchAccountsTable branches={branches(30)} onLaunch={() => undefined} />);
    expect(screen.getAllByRole('row')).toHaveLength(26);
    expect(screen.getByText('Showing 1-25 of 30 entries')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(screen.getAllByRole('row')).toHaveLength(6);
    expect(screen.getByText('Showing 26-30 of 30 entries')).toBeInTheDocument();
  });

  it('pages 10 at a time on a smartphone, as cards with the name cut at 20 characters', () => {
    window.innerWidth = 375;
    const long = makeBranch(15, { name: 'Downtown Kingston Branch Office' });
    renderWithProviders(
      <BranchAccountsTable branches={[long, ...branches(14)]} onLaunch={() => undefined} />,
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('Downtown Kingston Br...')).toHaveAttribute(
      'title',
      'Downtown Kingston Branch Office',
    );
    expect(screen.getByText('Showing 1-10 of 15 entries')).toBeInTheDocument();
  });

  it('launches the chosen branch', async () => {
    const onLaunch = vi.fn();
    renderWithProviders(<BranchAccountsTable branches={branches(2)} onLaunch={onLaunch} />);
    const row = screen.getByRole('row', { name: /Branch 2/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Launch Branch 2' }));
    expect(onLaunch).toHaveBeenCalledWith(makeBranch(2));
  });

  it('says "No transactions yet" without branches', () => {
    renderWithProviders(<BranchAccountsTable branches={[]} onLaunch={() => undefined} />);
    expect(screen.getByText('No transactions yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows each branch balance in J$ and its Cash - In, Cash - Out and Payments usage bars', () => {
    const branch = makeBranch(1, {
      balance: 1_234_567_89,
      limits: {
        TOP: makeLimit('TOP', 100_000_00, 49_000_00),
        ACH_CASHOUT: makeLimit('ACH_CASHOUT', 100_000_00, 50_000_00),
        MBATCH: makeLimit('MBATCH', 100_000_00, 75_000_00),
      },
    });
    renderWithProviders(<BranchAccountsTable branches={[branch]} onLaunch={() => undefined} />, {
      session: makeSession(4),
    });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Merchant ID',
      'Name',
      'Organisation ID',
      'Date joined',
      'Balance (JMD)',
      'Cash - In',
      'Cash - Out',
      'Payments',
      'Actions',
    ]);
    const row = screen.getByRole('row', { name: /Branch 1/ });
    expect(within(row).getByText('J$1,234,567.89')).toBeInTheDocument();
    const bar = (name: string) =>
      within(row).getByRole('progressbar', { name: `Branch 1 ${name} limit used` });
    expect(bar('Cash - In')).toHaveAttribute('aria-valuenow', '49');
    expect(bar('Cash - Out')).toHaveAttribute('aria-valuenow', '50');
    expect(bar('Payments')).toHaveAttribute('aria-valuenow', '75');
    expect(
      within(row)
        .getAllByTestId('limit-bar')
        .map((element) => element.dataset.colour),
    ).toEqual(['success', 'warning', 'danger']);
  });

  it('shows a dash for the balance and the bars of a branch sent without them', () => {
    const hidden = makeBranch(2, { balance: null, limits: null });
    renderWithProviders(
      <BranchAccountsTable branches={[makeBranch(1), hidden]} onLaunch={() => undefined} />,
      { session: makeSession(4) },
    );
    const row = screen.getByRole('row', { name: /Branch 2/ });
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // Merchant ID, name, organisation, date joined, then the balance and the three bars.
    expect(cells.slice(4, 8)).toEqual(['—', '—', '—', '—']);
    expect(within(row).queryByRole('progressbar')).not.toBeInTheDocument();
    // The other branch is untouched.
    const other = screen.getByRole('row', { name: /Branch 1/ });
    expect(within(other).getByText('J$1,000.00')).toBeInTheDocument();
    expect(within(other).getAllByRole('progressbar')).toHaveLength(3);
  });

  it('shows the dashes on the smartphone cards too', () => {
    window.innerWidth = 375;
    renderWithProviders(
      <BranchAccountsTable
        branches={[makeBranch(1, { balance: null, limits: null })]}
        onLaunch={() => undefined}
      />,
      { session: makeSession(4) },
    );
    const card = screen.getByRole('listitem');
    expect(within(card).getAllByText('—')).toHaveLength(4);
    expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('hides balances and limits from a user without balance read', () => {
    renderWithProviders(<BranchAccountsTable branches={branches(1)} onLaunch={() => undefined} />, {
      session: makeSession(4, { permissions: ['read:staff'] }),
    });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Merchant ID',
      'Name',
      'Organisation ID',
      'Date joined',
      'Actions',
    ]);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('moves a page past the last one back to the last page', async () => {
    const { router } = renderWithProviders(
      <BranchAccountsTable branches={branches(30)} onLaunch={() => undefined} />,
      { path: '/branches?page=5' },
    );
    expect(await screen.findByText('Showing 26-30 of 30 entries')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getAllByRole('row')).toHaveLength(6);
  });

  it('sorts by the date a branch joined, newest first, and oldest first after a click', async () => {
    const { router } = renderWithProviders(
      <BranchAccountsTable
        branches={[makeBranch(2), makeBranch(3), makeBranch(1)]}
        onLaunch={() => undefined}
      />,
    );
    const names = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    const dateHeader = screen.getByRole('columnheader', { name: /Date joined/ });
    expect(dateHeader).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Branch 3', 'Branch 2', 'Branch 1']);
    expect(screen.getAllByRole('row')[1]).toHaveTextContent('03/01/2020');

    await userEvent.click(within(dateHeader).getByRole('button'));
    expect(dateHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['Branch 1', 'Branch 2', 'Branch 3']);
    expect(router.state.location.search).toBe('?sort=ASC');
  });

  it('keeps its page in the URL', async () => {
    const { router } = renderWithProviders(
      <BranchAccountsTable branches={branches(30)} onLaunch={() => undefined} />,
    );
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(router.state.location.search).toBe('?page=2');
  });
});
