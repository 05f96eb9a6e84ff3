import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { openModal } from '@/lib/modal-registry';
import { makeSession } from '@/test/fixtures';
import { LAST, makeReport, renderOpener } from '@/test/reports';

const download = vi.hoisted(() => vi.fn());
vi.mock('@/lib/download-file', () => ({ downloadBase64File: download }));

const openLast = () => openModal('view-last-exports', {}, { title: 'Last Reports' });

describe('the Last Reports modal', () => {
  it('says when there are no previously generated reports', async () => {
    await renderOpener(openLast, { routes: { [`GET ${LAST}`]: { body: { result: [] } } } });
    const dialog = await screen.findByRole('dialog', { name: 'Last Reports' });
    expect(await within(dialog).findByText('There are no previously generated reports')).toBeInTheDocument();
  });

  it('lists the reports as the server sends them, newest first, each downloadable again', async () => {
    const reports = [makeReport(3), makeReport(2), makeReport(1)];
    const { requests } = await renderOpener(openLast, {
      routes: {
        [`GET ${LAST}`]: { body: { result: reports } },
        [`GET ${LAST}/2/csv`]: { body: { result: { base64File: btoa('x'), report: reports[1] } } },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Last Reports' });
    const items = await within(dialog).findAllByTestId('last-report');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining(reports[0]!.file_name),
      expect.stringContaining(reports[1]!.file_name),
      expect.stringContaining(reports[2]!.file_name),
    ]);
    expect(items[1]).toHaveTextContent('02/11/2026 – 20/11/2026 · Orders, Transfers · 12 entries');
    await userEvent.click(
      within(items[1]!).getByRole('button', { name: `Download ${reports[1]!.file_name}` }),
    );
    expect(requests.some((r) => r.path === `${LAST}/2/csv`)).toBe(true);
    await vi.waitFor(() => expect(download).toHaveBeenCalledWith(reports[1]!.file_name, btoa('x')));
  });

  it('lists without download buttons for someone who may not export', async () => {
    await renderOpener(openLast, {
      session: makeSession(3),
      routes: { [`GET ${LAST}`]: { body: { result: [makeReport(1)] } } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Last Reports' });
    await within(dialog).findByTestId('last-report');
    expect(within(dialog).queryByRole('button', { name: /^Download/ })).not.toBeInTheDocument();
  });
});
