import { ROLE_PERMISSIONS } from '@lynk/contract/roles';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeSession } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { dataTableColumns } from './columns';
import { DataTable } from './data-table';
import { maskDateInput } from './date-filter-form';
import { useListingParams, type ListingParams } from './use-listing-params';

interface Row {
  id: string;
  name: string;
  date: string;
  secret: string;
}

const makeRows = (count: number): Row[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `row-${index + 1}`,
    name: `Row number ${index + 1} with a long title`,
    date: `2026-11-${String((index % 28) + 1).padStart(2, '0')}`,
    secret: `J$${index}`,
  }));

const column = dataTableColumns<Row>();
const COLUMNS = column.columns([
  column.accessor('id', { header: 'ID' }),
  column.accessor('name', { header: 'Name', meta: { hideOnCard: true } }),
  column.accessor('date', { header: 'Date', enableSorting: true }),
  column.accessor('secret', { header: 'Balance', meta: { gate: 'balance' } }),
]);

function Harness({
  rows,
  total = rows.length,
  loading = false,
  onOpenRow,
}: {
  rows: Row[];
  total?: number;
  loading?: boolean;
  onOpenRow?: (row: Row) => void;
}) {
  const listing = useListingParams();
  return (
    <DataTable
      label="Test entries"
      columns={COLUMNS}
      rows={rows}
      total={total}
      loading={loading}
      listing={listing}
      rowKey={(row) => row.id}
      cardTitle={(row) => row.name}
      onOpenRow={onOpenRow}
    />
  );
}

/** A table whose rows come page by page out of `total` rows, as the server would send them. */
function PagedHarness({ total, onSetPage }: { total: number; onSetPage?: ListingParams['setPage'] }) {
  const listing = useListingParams();
  const rows = makeRows(total).slice(listing.query.offset, listing.query.offset + listing.query.limit);
  return (
    <DataTable
      label="Test entries"
      columns={COLUMNS}
      rows={rows}
      total={total}
      listing={onSetPage ? { ...listing, setPage: onSetPage } : listing}
      rowKey={(row) => row.id}
      cardTitle={(row) => row.name}
    />
  );
}

function renderPaged(props: Parameters<typeof PagedHarness>[0], path: string) {
  return renderWithProviders(<PagedHarness {...props} />, { path, session: makeSession(1) });
}

function renderTable(
  props: Parameters<typeof Harness>[0],
  { path = '/list', permissions = ROLE_PERMISSIONS[1] } = {},
) {
  return renderWithProviders(<Harness {...props} />, {
    path,
    session: makeSession(1, { permissions: [...permissions] }),
  });
}

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

async function openFilters() {
  await userEvent.click(screen.getByRole('button', { name: 'Filter by' }));
  return screen.findByRole('dialog', { name: 'Filters' });
}

describe('DataTable filter', () => {
  it('applies a date range: the chip shows it, the URL keeps it, and removing the chip clears both', async () => {
    const { router } = renderTable({ rows: makeRows(3) }, { path: '/list?page=3' });
    const dialog = await openFilters();
    expect(within(dialog).getByRole('group', { name: 'Date range' })).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Start date'), '01112026');
    await userEvent.type(within(dialog).getByLabelText('End date'), '23/11/2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));

    // The form checks the range asynchronously (its resolver) before applying it.
    expect(await screen.findByTestId('date-filter-chip')).toHaveTextContent(
      'Date: "01/11/2026 to 23/11/2026"',
    );
    expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument();
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('from')).toBe('2026-11-01');
    expect(search.get('to')).toBe('2026-11-23');
    // A new filter starts on the first page.
    expect(search.get('page')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Remove date filter' }));
    expect(screen.queryByTestId('date-filter-chip')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('shows the applied range again when the filters reopen, and restores the chip from a shared URL', async () => {
    renderTable({ rows: makeRows(1) }, { path: '/list?from=2026-10-05&to=2026-10-07' });
    expect(screen.getByTestId('date-filter-chip')).toHaveTextContent('Date: "05/10/2026 to 07/10/2026"');
    const dialog = await openFilters();
    expect(within(dialog).getByLabelText('Start date')).toHaveValue('05/10/2026');
    expect(within(dialog).getByLabelText('End date')).toHaveValue('07/10/2026');
  });

  it('says nothing on open, then after a first Apply with a blank date says both are needed and disables Apply', async () => {
    const { router } = renderTable({ rows: makeRows(1) });
    const dialog = await openFilters();
    const apply = within(dialog).getByRole('button', { name: 'Apply' });
    expect(apply).toBeEnabled();
    expect(within(dialog).queryByText('both dates must not be blank')).not.toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Start date'), '01/11/2026');
    await userEvent.click(apply);
    expect(within(dialog).getByText('both dates must not be blank')).toBeInTheDocument();
    expect(apply).toBeDisabled();
    expect(router.state.location.search).toBe('');

    await userEvent.type(within(dialog).getByLabelText('End date'), '23/11/2026');
    expect(apply).toBeEnabled();
    expect(within(dialog).queryByText('both dates must not be blank')).not.toBeInTheDocument();
  });

  it('keeps Apply disabled while the start is after the end, once applying was tried', async () => {
    renderTable({ rows: makeRows(1) });
    const dialog = await openFilters();
    await userEvent.type(within(dialog).getByLabelText('Start date'), '24/11/2026');
    await userEvent.type(within(dialog).getByLabelText('End date'), '23/11/2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    expect(within(dialog).getByText('The start date must not be after the end date.')).toBeInTheDocument();

    // Moving the start back (the other field) clears the message too.
    await userEvent.clear(within(dialog).getByLabelText('Start date'));
    await userEvent.type(within(dialog).getByLabelText('Start date'), '22/11/2026');
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeEnabled();
    expect(
      within(dialog).queryByText('The start date must not be after the end date.'),
    ).not.toBeInTheDocument();
  });

  it('refuses a day that does not exist', async () => {
    renderTable({ rows: makeRows(1) });
    const dialog = await openFilters();
    await userEvent.type(within(dialog).getByLabelText('Start date'), '31/02/2026');
    await userEvent.type(within(dialog).getByLabelText('End date'), '01/03/2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    expect(within(dialog).getByText('Please enter valid dates as DD/MM/YYYY.')).toBeInTheDocument();
  });

  it('picks the range on the calendar, filling both dates', async () => {
    const { router } = renderTable({ rows: makeRows(1) }, { path: '/list?from=2026-11-05&to=2026-11-07' });
    const dialog = await openFilters();
    const picker = within(dialog).getByRole('button', { name: 'Pick the dates on a calendar' });
    expect(picker).toHaveTextContent('05/11/2026 – 07/11/2026');
    await userEvent.click(picker);
    // The month arrows are named for screen readers (axe: button-name).
    expect(await screen.findByRole('button', { name: 'Previous month' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: '2 November 2026' }));
    await userEvent.click(screen.getByRole('button', { name: '18 November 2026' }));
    expect(within(dialog).getByLabelText('Start date')).toHaveValue('02/11/2026');
    expect(within(dialog).getByLabelText('End date')).toHaveValue('18/11/2026');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('date-filter-chip')).toHaveTextContent('Date: "02/11/2026 to 18/11/2026"'),
    );
    expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('2026-11-02');
    expect(new URLSearchParams(router.state.location.search).get('to')).toBe('2026-11-18');
  });

  it('closes without filtering', async () => {
    const { router } = renderTable({ rows: makeRows(1) });
    const dialog = await openFilters();
    await userEvent.type(within(dialog).getByLabelText('Start date'), '01/11/2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('date-filter-chip')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('puts the slashes in as digits are typed', () => {
    expect(maskDateInput('01112026')).toBe('01/11/2026');
    expect(maskDateInput('0111')).toBe('01/11');
    expect(maskDateInput('01/11/2026999')).toBe('01/11/2026');
    expect(maskDateInput('ab')).toBe('');
  });
});

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
