import { ROLE_PERMISSIONS } from '@lynk/contract/roles';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeRows, renderPaged, renderTable } from '@/test/data-table';

/**
 * The setup's `matchMedia` never reports changes: this one lets a test resize the window (set
 * `innerWidth`, then call the returned function) and have every media query listener told.
 */
function watchMediaQueries() {
  const original = window.matchMedia.bind(window);
  const listeners: Array<() => void> = [];
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        ...original(query),
        addEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => {
          listeners.push(() => listener({ matches: original(query).matches }));
        },
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
  return () =>
    act(() => {
      for (const notify of listeners) notify();
    });
}
describe('DataTable sort', () => {
  it('sorts the date column newest first by default and toggles it, in the URL', async () => {
    const { router } = renderTable({ rows: makeRows(2) }, { path: '/list?page=2' });
    const header = screen.getByRole('columnheader', { name: /Date/ });
    expect(header).toHaveAttribute('aria-sort', 'descending');

    await userEvent.click(within(header).getByRole('button', { name: 'Date' }));
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('ASC');
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
    expect(screen.getByRole('columnheader', { name: /Date/ })).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.click(within(header).getByRole('button', { name: 'Date' }));
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('DESC');
    expect(screen.getByRole('columnheader', { name: /Date/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('only the date column is sortable', () => {
    renderTable({ rows: makeRows(1) });
    expect(screen.getByRole('columnheader', { name: 'ID' })).not.toHaveAttribute('aria-sort');
  });
});

describe('DataTable pages and states', () => {
  it('says "Showing a-b of n entries" and keeps the page in the URL', async () => {
    const { router } = renderTable({ rows: makeRows(25), total: 60 });
    expect(screen.getByText('Showing 1-25 of 60 entries')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '3' }));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('3');
    expect(screen.getByText('Showing 51-60 of 60 entries')).toBeInTheDocument();
  });

  it('opens on the page a shared link names', () => {
    renderTable({ rows: makeRows(25), total: 60 }, { path: '/list?page=2' });
    expect(screen.getByText('Showing 26-50 of 60 entries')).toBeInTheDocument();
  });

  it('moves a shared link past the last page to the last page, replacing the URL', async () => {
    const { router } = renderPaged({ total: 60 }, '/list?page=9&sort=ASC');
    await vi.waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe('3'));
    // The other parameters stay, and the wrong URL is not left behind in the history.
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('ASC');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText('Showing 51-60 of 60 entries')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(screen.queryByText("We're coming up empty")).not.toBeInTheDocument();
  });

  it('moves to the last page when smartphone pages of 10 become desktop pages of 25', async () => {
    const resized = watchMediaQueries();
    window.innerWidth = 375;
    const { router } = renderPaged({ total: 45 }, '/list?page=5');
    expect(screen.getByText('Showing 41-45 of 45 entries')).toBeInTheDocument();

    // The same page 5 is past the end with 25 a page: page 2 is the last.
    window.innerWidth = 1280;
    resized();
    await vi.waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(screen.getByText('Showing 26-45 of 45 entries')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(21);
  });

  it('goes back to the first page without a page in the URL', async () => {
    const { router } = renderPaged({ total: 3 }, '/list?page=2');
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByText('Showing 1-3 of 3 entries')).toBeInTheDocument();
  });

  it('shows the skeleton, not the empty state, until the move lands', () => {
    const setPage = vi.fn();
    renderPaged({ total: 60, onSetPage: setPage }, '/list?page=9');
    expect(setPage).toHaveBeenCalledWith(3, { replace: true });
    expect(screen.queryByText("We're coming up empty")).not.toBeInTheDocument();
    expect(screen.getAllByTestId('data-table-skeleton-row')).toHaveLength(5);
    expect(screen.getByRole('status')).toHaveTextContent('Loading entries');
  });

  it('leaves the page alone while loading and when there is nothing at all', () => {
    const { router } = renderTable({ rows: [], total: 0 }, { path: '/list?page=4' });
    expect(screen.getByText("We're coming up empty")).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=4');
    cleanup();
    const loading = renderTable({ rows: [], total: 60, loading: true }, { path: '/list?page=9' });
    expect(loading.router.state.location.search).toBe('?page=9');
  });

  it('shows the empty message when there is nothing', () => {
    renderTable({ rows: [], total: 0 });
    expect(screen.getByText("We're coming up empty")).toBeInTheDocument();
    expect(
      screen.getByText('Sorry, we have not found anything to return at this point.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
    // Filters stay reachable: an empty result may be the filter's doing.
    expect(screen.getByRole('button', { name: 'Filter by' })).toBeInTheDocument();
  });

  it('shows a skeleton while loading', () => {
    renderTable({ rows: [], total: 0, loading: true });
    expect(screen.getByRole('table', { name: 'Test entries' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByTestId('data-table-skeleton-row')).toHaveLength(5);
    expect(screen.getByRole('status')).toHaveTextContent('Loading entries');
    expect(screen.queryByText("We're coming up empty")).not.toBeInTheDocument();
  });

  it('hides a column, header and cells, from a user without its permission', () => {
    renderTable({ rows: makeRows(2) }, { permissions: ROLE_PERMISSIONS[3] });
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['ID', 'Name', 'Date']);
    expect(screen.queryByText('J$0')).not.toBeInTheDocument();
  });

  it('shows the column to a user with its permission', () => {
    renderTable({ rows: makeRows(2) });
    expect(screen.getByRole('columnheader', { name: 'Balance' })).toBeInTheDocument();
    expect(screen.getByText('J$0')).toBeInTheDocument();
  });

  it('opens a row from a click or its Details button', async () => {
    const onOpenRow = vi.fn();
    renderTable({ rows: makeRows(2), onOpenRow });
    await userEvent.click(screen.getByRole('button', { name: 'View details of row-2' }));
    expect(onOpenRow).toHaveBeenCalledTimes(1);
    expect(onOpenRow).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'row-2' }));
    await userEvent.click(screen.getByText('row-1'));
    expect(onOpenRow).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'row-1' }));
  });

  it('shows cards on a smartphone with the title cut at 20 characters, and a sort button', async () => {
    window.innerWidth = 375;
    const { router } = renderTable({ rows: makeRows(2) });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Row number 1 with a ...')).toHaveAttribute(
      'title',
      'Row number 1 with a long title',
    );
    expect(within(cards[0]!).getByText('ID')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Date, newest first' }));
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('ASC');
  });
});
