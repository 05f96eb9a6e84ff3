import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { maskDateInput } from './date-filter-form';
import { makeRows, renderTable } from '@/test/data-table';

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

  it('opens with Apply disabled and no message; both dates must be given before Apply enables', async () => {
    const { router } = renderTable({ rows: makeRows(1) });
    const dialog = await openFilters();
    const apply = within(dialog).getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    expect(within(dialog).queryByText('both dates must not be blank')).not.toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Start date'), '01/11/2026');
    expect(apply).toBeDisabled();
    // Enter on a form whose button is disabled applies nothing.
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.search).toBe('');
    // Leaving the start for the end: the rule is news now.
    await userEvent.click(within(dialog).getByLabelText('End date'));
    expect(within(dialog).getByText('both dates must not be blank')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('End date'), '23/11/2026');
    expect(apply).toBeEnabled();
    expect(within(dialog).queryByText('both dates must not be blank')).not.toBeInTheDocument();
  });

  it('keeps Apply disabled while the start is after the end, with the message, until the start moves back', async () => {
    renderTable({ rows: makeRows(1) });
    const dialog = await openFilters();
    await userEvent.type(within(dialog).getByLabelText('Start date'), '24/11/2026');
    await userEvent.type(within(dialog).getByLabelText('End date'), '23/11/2026');
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
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    expect(within(dialog).getByText('Please enter valid dates as DD/MM/YYYY.')).toBeInTheDocument();
  });

  it('picks the range on the calendar, filling both dates', async () => {
    const { router } = renderTable({ rows: makeRows(1) }, { path: '/list?from=2026-11-05&to=2026-11-07' });
    const dialog = await openFilters();
    // Its name starts with the dates it shows (WCAG 2.5.3, label in name).
    const picker = within(dialog).getByRole('button', {
      name: '05/11/2026 – 07/11/2026, pick the dates on a calendar',
    });
    expect(picker).toHaveTextContent('05/11/2026 – 07/11/2026');
    await userEvent.click(picker);
    // The month arrows are named for screen readers (axe: button-name).
    expect(await screen.findByRole('button', { name: 'Previous month' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: '2 November 2026' }));
    // Half a range picked is not yet a blank end to complain about.
    expect(within(dialog).getByTestId('date-range-error')).toBeEmptyDOMElement();
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
