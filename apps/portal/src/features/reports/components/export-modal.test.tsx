import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openModal } from '@/lib/modal-registry';
import { makeSession } from '@/test/fixtures';
import { EXPORT, day, makeReport, renderOpener } from '@/test/reports';

const download = vi.hoisted(() => vi.fn());
vi.mock('@/lib/download-file', () => ({ downloadBase64File: download }));

const openExport =
  (wallet: 'main' | 'cbdc' = 'main') =>
  () =>
    openModal('exporting-table', { wallet }, { title: 'Export Preferences' });

async function fillRange(dialog: HTMLElement, start: string, end: string) {
  await userEvent.type(within(dialog).getByLabelText('Start date'), start);
  await userEvent.type(within(dialog).getByLabelText('End date'), end);
}

beforeEach(() => download.mockReset());

describe('the export modal', () => {
  it('opens with Generate disabled and no message; it enables only once the dates and a table are valid', async () => {
    const { requests } = await renderOpener(openExport());
    const dialog = await screen.findByRole('dialog', { name: 'Export Preferences' });
    const generate = within(dialog).getByRole('button', { name: 'Generate report' });
    expect(generate).toBeDisabled();
    expect(within(dialog).queryByText('Please select a table to export')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('both dates must not be blank')).not.toBeInTheDocument();

    // The dates reached without a table: the tables' rule says why Generate stays disabled.
    await fillRange(dialog, day(-7).typed, day(0).typed);
    expect(within(dialog).getByText('Please select a table to export')).toBeInTheDocument();
    expect(generate).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Orders' }));
    expect(generate).toBeEnabled();
    expect(within(dialog).queryByText('Please select a table to export')).not.toBeInTheDocument();
    // Unticking the last table disables it again, with the rule.
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Orders' }));
    expect(generate).toBeDisabled();
    expect(within(dialog).getByText('Please select a table to export')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it("disables Generate for a range over one month and a future date, with the spec's texts", async () => {
    await renderOpener(openExport());
    const dialog = await screen.findByRole('dialog', { name: 'Export Preferences' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Orders' }));
    await fillRange(dialog, day(-45).typed, day(0).typed);
    expect(await within(dialog).findByText("The date range can't exceed 1 month.")).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Generate report' })).toBeDisabled();

    await userEvent.clear(within(dialog).getByLabelText('End date'));
    await userEvent.clear(within(dialog).getByLabelText('Start date'));
    await fillRange(dialog, day(0).typed, day(2).typed);
    expect(await within(dialog).findByText('Future dates are not allowed.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Generate report' })).toBeDisabled();
  });

  it('keeps Generate disabled on the JAM-DEX wallet until both dates are given', async () => {
    await renderOpener(openExport('cbdc'));
    const dialog = await screen.findByRole('dialog', { name: 'Export Preferences' });
    const generate = within(dialog).getByRole('button', { name: 'Generate report' });
    expect(generate).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Start date'), day(-3).typed);
    expect(generate).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('End date'), day(0).typed);
    expect(generate).toBeEnabled();
  });

  it('generates the report of the chosen tables, then the success modal offers its download', async () => {
    const report = makeReport(1, { file_name: `lynk_${day(-7).sent}_to_${day(0).sent}.csv`, entries: 3 });
    const { requests } = await renderOpener(openExport(), {
      routes: { [`POST ${EXPORT}`]: { body: { result: { base64File: btoa('a,b\r\n'), report } } } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Export Preferences' });
    await fillRange(dialog, day(-7).typed, day(0).typed);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Refunds' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Orders' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate report' }));

    const done = await screen.findByRole('dialog', { name: 'Download' });
    expect(within(done).getByTestId('transaction-status-success')).toBeInTheDocument();
    expect(within(done).getByText(/^Your report was generated successfully\./)).toHaveTextContent(
      `Your report was generated successfully. ${report.file_name} holds 3 entries.`,
    );
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.headers.get('x-lynk-csrf')).toBe('1');
    // The tables go in the order the file holds them, whatever order they were ticked in.
    expect(JSON.parse(post.body!)).toEqual({
      start: day(-7).sent,
      end: day(0).sent,
      wallet: 'lynk',
      types: ['Orders', 'Refunds'],
    });
    await userEvent.click(within(done).getByRole('button', { name: 'Download' }));
    expect(download).toHaveBeenCalledWith(report.file_name, btoa('a,b\r\n'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("opens the failure modal with the server's refusal (the 100-entry limit); Try Again keeps the preferences", async () => {
    const message = 'You can only export up to 100 entries. Apply filters to reduce the number of entries.';
    const { requests } = await renderOpener(openExport(), {
      routes: { [`POST ${EXPORT}`]: { status: 422, body: { code: 'EXPORT_LIMIT', message } } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Export Preferences' });
    await fillRange(dialog, day(-20).typed, day(0).typed);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Transfers' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate report' }));

    const failure = await screen.findByRole('dialog', { name: 'Your report could not be generated' });
    expect(within(failure).getByTestId('transaction-status-failure')).toBeInTheDocument();
    expect(within(failure).getByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Export Preferences' })).not.toBeInTheDocument();

    await userEvent.click(within(failure).getByRole('button', { name: 'Try Again' }));
    const again = await screen.findByRole('dialog', { name: 'Export Preferences' });
    expect(within(again).getByLabelText('Start date')).toHaveValue(day(-20).typed);
    expect(within(again).getByLabelText('End date')).toHaveValue(day(0).typed);
    expect(within(again).getByRole('checkbox', { name: 'Transfers' })).toBeChecked();
    await waitFor(() => expect(within(again).getByRole('button', { name: 'Generate report' })).toBeEnabled());
    expect(within(again).queryByText(message)).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('opens the failure modal with the general text when the server gives no words; Return to Dashboard closes it', async () => {
    await renderOpener(openExport('cbdc'), { routes: { [`POST ${EXPORT}`]: { status: 500, body: {} } } });
    const dialog = await screen.findByRole('dialog', { name: 'Export Preferences' });
    await fillRange(dialog, day(-3).typed, day(0).typed);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate report' }));
    const failure = await screen.findByRole('dialog', { name: 'Your report could not be generated' });
    expect(
      within(failure).getByText('We could not generate your report. Please try again.'),
    ).toBeInTheDocument();
    await userEvent.click(within(failure).getByRole('button', { name: 'Return to Dashboard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers only the tables the user may see, and none on the JAM-DEX wallet', async () => {
    const session = makeSession(2, { permissions: ['read:reports-detailed', 'read:orders', 'read:cashins'] });
    await renderOpener(openExport(), { session });
    const dialog = await screen.findByRole('dialog', { name: 'Export Preferences' });
    const group = within(dialog).getByRole('group', { name: 'Tables to export' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['Orders', 'Transfers']);
  });

  it("sends the JAM-DEX wallet's report with its dates only", async () => {
    const report = makeReport(2, { wallet: 'jam-dex', tables: ['Transfers', 'Payments'] });
    const { requests } = await renderOpener(openExport('cbdc'), {
      routes: { [`POST ${EXPORT}`]: { body: { result: { base64File: '', report } } } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Export Preferences' });
    expect(within(dialog).queryByRole('group', { name: 'Tables to export' })).not.toBeInTheDocument();
    await fillRange(dialog, day(-3).typed, day(0).typed);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate report' }));
    await screen.findByRole('dialog', { name: 'Download' });
    expect(JSON.parse(requests.find((r) => r.method === 'POST')!.body!)).toEqual({
      start: day(-3).sent,
      end: day(0).sent,
      wallet: 'jam-dex',
    });
  });
});
