import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { openModal } from '@/lib/modal-registry';
import { BATCHES, batchBody, batchRoute, makeBatch, renderOpener } from '@/test/batches';

vi.mock('@lynk/contract/constants', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@lynk/contract/constants')>()),
  BATCH_POLL_INTERVAL_MS: 5,
}));

const openChooser = () => openModal('create-payments', {}, { title: 'Create a Payment' });
const csv = (name = 'payroll.csv', content = 'lynk_id,amount\nmarcia.campbell,1500\n') =>
  new File([content], name, { type: 'text/csv' });

async function chooseBatch() {
  const chooser = await screen.findByRole('dialog', { name: 'Create a Payment' });
  const next = within(chooser).getByRole('button', { name: 'Next' });
  expect(next).toBeDisabled();
  const single = within(chooser).getByRole('radio', { name: 'Single payment' });
  const batch = within(chooser).getByRole('radio', { name: 'Batch payment' });
  await userEvent.click(single);
  await userEvent.click(batch);
  // Choosing one deselects the other.
  expect(batch).toBeChecked();
  expect(single).not.toBeChecked();
  await userEvent.click(next);
  return screen.findByRole('dialog', { name: 'Upload batch payment file' });
}

describe('the upload batch payment modal', () => {
  it('checks the file before sending: a CSV only, not empty', async () => {
    const { requests } = await renderOpener(openChooser);
    const dialog = await chooseBatch();
    const input = within(dialog).getByLabelText(/Bulk payment file/);
    await userEvent.upload(input, new File(['x'], 'payroll.xlsx'), { applyAccept: false });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(
      await within(dialog).findByText('The wrong file type was uploaded. Please upload a CSV file'),
    ).toBeInTheDocument();
    await userEvent.upload(input, csv('empty.csv', ''));
    expect(
      await within(dialog).findByText('Your batch file exceeds the maximum file size limit.'),
    ).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('uploads the file as base64 with its name, follows the rows checked and moves to Confirm payment', async () => {
    let reads = 0;
    const { requests } = await renderOpener(openChooser, {
      routes: {
        [`POST ${BATCHES}`]: { status: 201, body: { data: { id: 42 } } },
        [`GET ${batchRoute(42)}`]: () => {
          reads += 1;
          return batchBody(
            makeBatch(42, reads === 1 ? { status: 'NEW', rows_checked: 1, rows_total: 3 } : {}),
          );
        },
      },
    });
    const dialog = await chooseBatch();
    await userEvent.upload(within(dialog).getByLabelText(/Bulk payment file/), csv());
    expect(within(dialog).getByText('Chosen file: payroll.csv')).toBeInTheDocument();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Batch name (Optional)' }),
      'November payroll',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm payment' });
    expect(await within(confirm).findByText('J$4,551.75')).toBeInTheDocument();
    const upload = requests.find((request) => request.method === 'POST' && request.path === BATCHES)!;
    expect(upload.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(upload.body!)).toEqual({
      merchant_id: 1001,
      name: 'November payroll',
      file_name: 'payroll.csv',
      csv: btoa('lynk_id,amount\nmarcia.campbell,1500\n'),
    });
  });

  it('shows the error-log message with its download when a payee is invalid', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    const { requests } = await renderOpener(openChooser, {
      routes: {
        [`POST ${BATCHES}`]: { status: 201, body: { data: { id: 43 } } },
        [`GET ${batchRoute(43)}`]: batchBody(makeBatch(43, { status: 'INVALID_PAYEE' })),
        [`GET ${batchRoute(43)}/csv?include_errors=true`]: {
          body: { data: { file_name: 'batch_errors.csv', csv: btoa('row,error\n') } },
        },
      },
    });
    const dialog = await chooseBatch();
    await userEvent.upload(within(dialog).getByLabelText(/Bulk payment file/), csv());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(
      await within(dialog).findByText(
        'There were errors found with some accounts. Please check the error logs, fix errors and try again.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download the error log' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    expect(requests.map((request) => request.path)).toContain(`${batchRoute(43)}/csv?include_errors=true`);
    click.mockRestore();
  });

  it("says the service has technical problems when the poll gets nothing, and shows the API's refusal of an upload", async () => {
    await renderOpener(openChooser, {
      routes: {
        [`POST ${BATCHES}`]: { status: 201, body: { data: { id: 44 } } },
        [`GET ${batchRoute(44)}`]: { status: 500 },
      },
    });
    const dialog = await chooseBatch();
    await userEvent.upload(within(dialog).getByLabelText(/Bulk payment file/), csv());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(
      await within(dialog).findByText(
        "Sorry, we're experiencing technical problems. Please try again later.",
      ),
    ).toBeInTheDocument();
  });

  it('downloads the template file', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    await renderOpener(openChooser, {
      routes: {
        [`GET ${BATCHES}/template`]: {
          body: { data: { file_name: 'batch_template.csv', csv: btoa('lynk_id,amount,name\n') } },
        },
      },
    });
    const dialog = await chooseBatch();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download template file' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('batch_template.csv');
    click.mockRestore();
  });
});
