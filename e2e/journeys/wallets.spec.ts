import { expect, type Page } from '@playwright/test';
import { expectAccessible, keepScreenshot, signInAs, test } from '../support/fixtures.ts';
import { USERS } from '../support/demo-users.ts';
import { centsFromText } from '../support/money.ts';

async function revealedBalance(page: Page): Promise<number> {
  const widget = page.getByTestId('widget-balance');
  await widget.getByRole('button', { name: 'Show balance' }).click();
  const amount = widget.getByTestId('balance-amount');
  await expect(amount).toContainText(/\d/);
  return centsFromText(await amount.innerText());
}

test('a manager moves J$ to JAM-DEX and sees both balances change and a new history row', async ({
  page,
}) => {
  await signInAs(page, USERS.managerMontego);
  await expect(page).toHaveURL(/\/1002\/lynk-wallet\/orders$/);

  await page.goto('/1002/jamdex-wallet/payments');
  const jamDexBefore = await revealedBalance(page);
  await expectAccessible(page);
  await page.goto('/1002/lynk-wallet/transfers-history');
  const mainBefore = await revealedBalance(page);

  await page.getByRole('button', { name: 'Transfer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transfer' });
  await dialog.getByLabel('From').selectOption({ label: 'Main wallet' });
  await dialog.getByLabel('To').selectOption({ label: 'JAM-DEX wallet' });
  await dialog.getByLabel('Amount').fill('1500');
  await keepScreenshot(page, 'transfer-modal');
  await dialog.getByRole('button', { name: 'Confirm transfer' }).click();

  const status = page.getByRole('dialog', { name: 'Your transfer is being processed' });
  await expect(status).toContainText("We'll let you know when it's ready.");
  await status.getByRole('button', { name: 'Return to Dashboard' }).click();

  await expect(page.getByTestId('widget-balance').getByTestId('balance-amount')).toHaveText(
    new RegExp(
      ((mainBefore - 150_000) / 100)
        .toLocaleString('en-US', { minimumFractionDigits: 2 })
        .replace('.', '\\.'),
    ),
  );
  const firstRow = page.getByTestId('transfers-history-table').getByRole('row').nth(1);
  await expect(firstRow).toContainText('JAM-DEX wallet');
  await expect(firstRow).toContainText('J$1,500.00');
  await keepScreenshot(page, 'transfer-done');
  await expectAccessible(page);

  await page.goto('/1002/jamdex-wallet/payments');
  expect(await revealedBalance(page)).toBe(jamDexBefore + 150_000);
});

test('the limit bars show the colour of each seeded usage level', async ({ page }) => {
  await signInAs(page, USERS.superAdmin);
  const table = page.getByRole('table', { name: 'Branch Accounts' });
  const cashOutColour = async (branch: RegExp) => {
    const bars = table.getByRole('row', { name: branch }).getByTestId('limit-bar');
    await expect(bars).toHaveCount(3);
    // Columns: Cash - In, Cash - Out, Payments.
    return bars.nth(1).getAttribute('data-colour');
  };
  expect(await cashOutColour(/Kingston/)).toBe('success');
  expect(await cashOutColour(/Montego Bay/)).toBe('warning');
  expect(await cashOutColour(/Ocho Rios/)).toBe('danger');
  await expect(page.getByTestId('widget-combined-balance')).toContainText('J$');
  await keepScreenshot(page, 'corporate-balances');

  await table.getByRole('button', { name: /^Launch .*Ocho Rios/ }).click();
  await expect(page).toHaveURL(/\/1003\/lynk-wallet\/orders$/);
  await expect(page.getByTestId('widget-cash-out-limit').getByTestId('limit-bar')).toHaveAttribute(
    'data-colour',
    'danger',
  );
  await keepScreenshot(page, 'branch-limits');
  await expectAccessible(page);
});

test('the date filter shows a chip, survives a reload and clears', async ({ page }) => {
  await signInAs(page, USERS.manager, '/1001/lynk-wallet/transfers-history');
  await expect(page).toHaveURL(/\/1001\/lynk-wallet\/transfers-history$/);
  const table = page.getByTestId('transfers-history-table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  const end = new Date();
  const start = new Date(end.getTime() - 20 * 24 * 60 * 60 * 1000);
  const ddmmyyyy = (d: Date) =>
    `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;

  await page.getByRole('button', { name: 'Filter by' }).click();
  const filters = page.getByRole('dialog', { name: 'Filters' });
  // Apply is disabled while the range is invalid, from the start; nothing is said before typing.
  await expect(filters.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await expect(filters.getByText('both dates must not be blank')).toHaveCount(0);
  await filters.getByLabel('Start date').fill(ddmmyyyy(end));
  await filters.getByLabel('End date').fill(ddmmyyyy(start));
  await expect(filters.getByText('The start date must not be after the end date.')).toBeVisible();
  await expect(filters.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await filters.getByLabel('Start date').fill(ddmmyyyy(start));
  await filters.getByLabel('End date').fill(ddmmyyyy(end));
  await expect(filters.getByRole('button', { name: 'Pick the dates on a calendar' })).toHaveText(
    `${ddmmyyyy(start)} – ${ddmmyyyy(end)}`,
  );
  await filters.getByRole('button', { name: 'Apply' }).click();

  const chip = page.getByTestId('date-filter-chip');
  await expect(chip).toContainText(`Date: "${ddmmyyyy(start)} to ${ddmmyyyy(end)}"`);
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}.*to=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByText(/^Showing \d+-\d+ of \d+ entries$/)).toBeVisible();
  await keepScreenshot(page, 'date-filter');
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByTestId('date-filter-chip')).toContainText(
    `Date: "${ddmmyyyy(start)} to ${ddmmyyyy(end)}"`,
  );

  // The calendar picks a range too; it opens on the applied start's month: its first day to the start.
  await page.getByRole('button', { name: 'Filter by' }).click();
  await filters.getByRole('button', { name: 'Pick the dates on a calendar' }).click();
  const day = (d: Date) =>
    page.getByRole('button', {
      name: `${d.getDate()} ${d.toLocaleString('en-GB', { month: 'long' })} ${d.getFullYear()}`,
      exact: true,
    });
  const firstOfMonth = new Date(start.getFullYear(), start.getMonth(), 1);
  await day(firstOfMonth).click();
  await day(start).click();
  await expect(filters.getByLabel('Start date')).toHaveValue(ddmmyyyy(firstOfMonth));
  await expect(filters.getByLabel('End date')).toHaveValue(ddmmyyyy(start));
  await keepScreenshot(page, 'date-filter-picker');
  await expectAccessible(page);
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('date-filter-chip')).toContainText(
    `Date: "${ddmmyyyy(firstOfMonth)} to ${ddmmyyyy(start)}"`,
  );
  // The Filters modal has finished closing (its overlay fades out) before the next click.
  await expect(filters).toHaveCount(0);

  await page.getByRole('button', { name: 'Date', exact: true }).click();
  await expect(page).toHaveURL(/sort=ASC/);

  await page.getByRole('button', { name: 'Remove date filter' }).click();
  await expect(page.getByTestId('date-filter-chip')).toHaveCount(0);
  await expect(page).not.toHaveURL(/from=/);
});

test('a cash-out to the bank travels the bank rail: scheduled at once, completed a few seconds later', async ({
  page,
}) => {
  // Sign-in, a transfer and several reloads: more than the default minute on a loaded machine.
  test.setTimeout(120_000);
  await signInAs(page, USERS.admin, '/1001/lynk-wallet/transfers-history');
  await expect(page.getByTestId('transfers-history-table')).toBeVisible();
  await page.getByRole('button', { name: 'Transfer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transfer' });
  await dialog.getByLabel('From').selectOption({ label: 'Main wallet' });
  await dialog.getByLabel('To').selectOption({ label: 'NCB ****4321' });
  await dialog.getByLabel('Amount').fill('1234.56');
  await dialog.getByRole('button', { name: 'Confirm transfer' }).click();
  const status = page.getByRole('dialog', { name: 'Your transfer is being processed' });
  await status.getByRole('button', { name: 'Return to Dashboard' }).click();

  const firstRow = page.getByTestId('transfers-history-table').getByRole('row').nth(1);
  await expect(firstRow).toContainText('NCB ****4321');
  await expect(firstRow).toContainText('J$1,234.56');
  await expect(firstRow).toContainText(/scheduled/i);
  // The rail takes it up every step (one second here): a reload shows where it has got to. The
  // reloaded table may take a while to load on a busy machine; only the status is polled briefly.
  await expect(async () => {
    await page.reload();
    await expect(firstRow).toContainText('NCB ****4321', { timeout: 15_000 });
    await expect(firstRow).toContainText(/completed/i, { timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  await expect(firstRow).toContainText('J$1,234.56');
  await keepScreenshot(page, 'bank-rail-completed');
  await expectAccessible(page);
});
