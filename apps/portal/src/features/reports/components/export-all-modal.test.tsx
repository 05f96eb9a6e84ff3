import type { BackgroundExport } from '@lynk/contract/reporting';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openModal } from '@/lib/modal-registry';
import { makeSession } from '@/test/fixtures';
import { LAST, day, renderOpener } from '@/test/reports';

const download = vi.hoisted(() => ({ downloadBlob: vi.fn(), downloadBase64File: vi.fn() }));
vi.mock('@/lib/download-file', () => download);

const START = '/api/reporting/v2/exports/all';
const openExportAll =
  (wallet: 'main' | 'cbdc' = 'main') =>
  () =>
    openModal('export-all', { wallet }, { title: 'Export all' });
const openLast = () => openModal('view-last-exports', {}, { title: 'Last Reports' });

function makeExport(id: number, overrides: Partial<BackgroundExport> = {}): BackgroundExport {
  return {
    id: String(id),
    source: 'orders',
    file_name: 'orders_first_to_last.csv',
    start: null,
    end: null,
    status: 'RUNNING',
    rows_done: 15000,
    created_at: '2026-11-20T15:30:00.000Z',
    finished_at: null,
    expires_at: '2026-11-27T15:30:00.000Z',
    downloadable: false,
    ...overrides,
  };
}

beforeEach(() => {
  download.downloadBlob.mockReset();
});

describe('the "Export all" modal', () => {
  it('offers the tables the user may read and starts an export of every date, then shows Last Reports', async () => {
    const { requests } = await renderOpener(openExportAll(), {
      routes: {
        [`POST ${START}`]: {
          status: 202,
          body: { result: makeExport(1, { status: 'QUEUED', rows_done: 0 }) },
        },
        [`GET ${LAST}`]: {
          body: { result: [], exports: [makeExport(1, { status: 'QUEUED', rows_done: 0 })] },
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Export all' });
    const tables = within(dialog).getByRole('radiogroup', { name: 'Table to export' });
    expect(
      within(tables)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['orders', 'transfers', 'refunds', 'payouts']);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Refunds' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start export' }));
    const last = await screen.findByRole('dialog', { name: 'Last Reports' });
    expect(await within(last).findByTestId('background-export')).toHaveTextContent('Waiting to start');
    const post = requests.find((r) => r.method === 'POST' && r.path === START);
    expect(JSON.parse(post!.body!)).toEqual({ source: 'refunds' });
  });

  it('gives a cashier their orders only, and takes any range but a future one', async () => {
    const { requests } = await renderOpener(openExportAll(), {
      session: makeSession(3),
      routes: {
        [`POST ${START}`]: { status: 202, body: { result: makeExport(2, { status: 'QUEUED' }) } },
        [`GET ${LAST}`]: { body: { result: [], exports: [] } },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Export all' });
    expect(
      within(dialog).getAllByRole('radio', { name: /Orders|Transfers|Refunds|Batch payouts/ }),
    ).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Between two dates' }));
    const start = within(dialog).getByRole('button', { name: 'Start export' });
    await userEvent.type(within(dialog).getByLabelText('Start date'), day(0).typed);
    await userEvent.type(within(dialog).getByLabelText('End date'), day(2).typed);
    expect(await within(dialog).findByText('Future dates are not allowed.')).toBeInTheDocument();
    expect(start).toBeDisabled();
    await userEvent.clear(within(dialog).getByLabelText('End date'));
    await userEvent.clear(within(dialog).getByLabelText('Start date'));
    // Far longer than the spec's month: allowed here.
    await userEvent.type(within(dialog).getByLabelText('Start date'), day(-400).typed);
    await userEvent.type(within(dialog).getByLabelText('End date'), day(0).typed);
    expect(start).toBeEnabled();
    await userEvent.click(start);
    await screen.findByRole('dialog', { name: 'Last Reports' });
    const post = requests.find((r) => r.method === 'POST' && r.path === START);
    expect(JSON.parse(post!.body!)).toEqual({ source: 'orders', start: day(-400).sent, end: day(0).sent });
  });
});

describe('Last Reports with exports in the background', () => {
  it("shows each export's status and rows, and downloads a ready one", async () => {
    const ready = makeExport(5, {
      status: 'READY',
      rows_done: 1_000_000,
      downloadable: true,
      start: '2025-11-20',
      end: '2026-11-20',
      file_name: 'orders_2025-11-20_to_2026-11-20.csv',
    });
    const { requests } = await renderOpener(openLast, {
      routes: {
        [`GET ${LAST}`]: { body: { result: [], exports: [makeExport(6), ready] } },
        [`GET ${START}/5/csv`]: { body: 'Table,ID\r\n' },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Last Reports' });
    // The spec's own list says it is empty, as before; the exports are listed beside it.
    expect(within(dialog).getByText('There are no previously generated reports')).toBeInTheDocument();
    const items = await within(dialog).findAllByTestId('background-export');
    expect(items[0]).toHaveTextContent('In progress');
    expect(items[0]).toHaveTextContent('All dates · 15,000 rows');
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Ready');
    expect(items[1]).toHaveTextContent('20/11/2025 – 20/11/2026 · 1,000,000 rows');
    await userEvent.click(within(items[1]!).getByRole('button', { name: `Download ${ready.file_name}` }));
    await vi.waitFor(() =>
      expect(download.downloadBlob).toHaveBeenCalledWith(ready.file_name, expect.any(Blob)),
    );
    expect(requests.some((r) => r.path === `${START}/5/csv`)).toBe(true);
  });

  it('reads the list again while an export is in progress, until it is ready', async () => {
    let calls = 0;
    await renderOpener(openLast, {
      routes: {
        [`GET ${LAST}`]: () => {
          calls += 1;
          return {
            body: {
              result: [],
              exports: [
                calls < 2
                  ? makeExport(7, { rows_done: 5000 })
                  : makeExport(7, { status: 'READY', rows_done: 9000, downloadable: true }),
              ],
            },
          };
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Last Reports' });
    expect(await within(dialog).findByText(/5,000 rows/)).toBeInTheDocument();
    expect(await within(dialog).findByText(/9,000 rows/, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(within(dialog).getByText('Ready')).toBeInTheDocument();
  });
});
