import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, USERS } from '../support/demo-users.ts';
import { expectAccessible, keepScreenshot, signInAs, test } from '../support/fixtures.ts';

// The manager's refund moves money out of Kingston, whose balance other journeys check to the
// cent: this journey runs after them (a later project, playwright.config.ts).
// The Kingston cashier takes payments in no other journey, so their shift holds this journey's
// payments alone; the customer pays in no other journey either.
const CUSTOMER = 'tashana.richards@lynk.example';
const UNSAFE = { 'x-lynk-csrf': '1' };

/** The cashier sends a pay link (as the Payment Request modal does) and the customer pays it. */
async function takePayment(cashier: Page, customer: Page, amount: number) {
  const created = await cashier.request.post('/api/payment/customer-transactions', {
    headers: { ...UNSAFE, 'idempotency-key': randomUUID() },
    data: { amount_to_pay: amount, description: 'Cash-up journey' },
  });
  expect(created.status()).toBe(201);
  const { m_order_id, short_url } = (await created.json()).data as { m_order_id: string; short_url: string };
  const paid = await customer.request.post(`/api/payment/pay/${short_url.split('/pay/')[1]}`, {
    headers: { ...UNSAFE, 'idempotency-key': randomUUID() },
  });
  expect(paid.status()).toBe(200);
  return { id: m_order_id, transferId: String((await paid.json()).data.transfer_id) };
}

async function customerSignedIn(browser: Browser) {
  const context = await browser.newContext();
  const customer = await context.newPage();
  const signedIn = await customer.request.post('/api/consumer-auth/sign-in', {
    headers: UNSAFE,
    data: { email: CUSTOMER, password: DEMO_PASSWORD },
  });
  expect(signedIn.ok()).toBe(true);
  return customer;
}

async function managerSignedIn(browser: Browser) {
  const context = await browser.newContext();
  const manager = await context.newPage();
  await signInAs(manager, USERS.manager, '/1001/lynk-wallet/orders');
  await expect(manager.getByRole('heading', { name: 'Orders', exact: true })).toBeVisible();
  return manager;
}

const figure = (page: Page, id: string) => page.getByTestId('current-shift').getByTestId(id);

/** "J$1,234.56" (or "−J$5.50") in cents. */
const centsOf = (text: string | null) =>
  Math.round(Number((text ?? '').replace(/[^\d.−-]/g, '').replace('−', '-')) * 100);

/**
 * The analytics page's figures for today, as the signed-in user sees them: the headline's and the
 * sum of today's chart, read from the table behind it (what a screen reader hears of the bars).
 */
async function todaysAnalytics(page: Page) {
  await page.goto('/1001/analytics?period=today');
  const gross = page.getByTestId('figure-gross-value');
  const empty = page.getByText('No payments in this period');
  await expect(gross.or(empty)).toBeVisible();
  if (await empty.isVisible()) return { gross: 0, refunds: 0, count: 0, chart: 0 };
  const bars = await page
    .getByTestId('chart-table-volume')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[0]?.textContent ?? ''));
  return {
    gross: centsOf(await gross.textContent()),
    refunds: centsOf(await page.getByTestId('figure-refunds-value').textContent()),
    count: Number(await page.getByTestId('figure-count-value').textContent()),
    chart: bars.reduce((sum, text) => sum + centsOf(text), 0),
  };
}

test("a cashier takes two payments, a manager refunds one in part, the cashier closes the shift and sees the right totals, prints it on one A4 page, downloads it and finds them in today's analytics; the manager reopens it with a reason", async ({
  page,
  browser,
}) => {
  // Three people sign in and a PDF is printed: more than the usual minute on a busy machine.
  test.setTimeout(120_000);
  await signInAs(page, USERS.cashier, '/1001/cash-up');
  await expect(page.getByRole('heading', { name: 'Cash-up' })).toBeVisible();
  await page.getByRole('link', { name: 'Cash-up' }).first().waitFor();

  // Whatever the day held so far is closed first: the shift starts clean.
  await page.getByRole('button', { name: 'Close shift' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close shift' }).click();
  await expect(page.getByTestId('shift-detail-page')).toBeVisible();
  await page.goto('/1001/cash-up');
  await expect(figure(page, 'shift-count')).toHaveText('0');
  const analyticsBefore = await todaysAnalytics(page);
  await page.goto('/1001/cash-up');

  const customer = await customerSignedIn(browser);
  const first = await takePayment(page, customer, 123_45);
  await takePayment(page, customer, 10_01);
  const manager = await managerSignedIn(browser);
  const refund = await manager.request.post(`/api/payment/${first.id}/partial-refund`, {
    headers: { ...UNSAFE, 'idempotency-key': randomUUID() },
    data: { amount_to_refund: 5_50, transferID: first.transferId, motif: 'OTHER' },
  });
  expect(refund.status()).toBe(201);

  // The running totals, to the cent.
  await page.reload();
  await expect(figure(page, 'shift-payments')).toHaveText('J$133.46');
  await expect(figure(page, 'shift-refunds')).toHaveText('J$5.50');
  await expect(figure(page, 'shift-net')).toHaveText('J$127.96');
  await expect(figure(page, 'shift-count')).toHaveText('2');
  await expect(page.getByTestId('current-shift')).toContainText('Payment Link');
  await expectAccessible(page);
  await keepScreenshot(page, 'cash-up-open-shift');

  await page.getByRole('button', { name: 'Close shift' }).click();
  const confirm = page.getByRole('dialog', { name: 'Close shift' });
  await expect(confirm).toContainText('Its totals are recorded as they are now');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Close shift' }).click();

  // The closed shift: the same totals, and the orders behind them.
  const summary = page.getByTestId('shift-summary');
  await expect(summary.getByTestId('shift-payments')).toHaveText('J$133.46');
  await expect(summary.getByTestId('shift-refunds')).toHaveText('J$5.50');
  await expect(summary.getByTestId('shift-net')).toHaveText('J$127.96');
  await expect(summary.getByTestId('shift-count')).toHaveText('2');
  await expect(summary).toContainText('Closed');
  const entries = page.getByRole('table', { name: 'Payments and refunds of this shift' });
  await expect(entries.getByRole('row')).toHaveCount(4);
  await expect(entries.getByRole('row').filter({ hasText: 'Refund' })).toContainText(first.id);
  await expectAccessible(page);
  await keepScreenshot(page, 'cash-up-closed-shift');

  // Printed: the summary alone, on one A4 page, and still accessible.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Close shift' })).toHaveCount(0);
  await expect(entries).toBeHidden();
  await expectAccessible(page);
  await keepScreenshot(page, 'cash-up-print');
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
  await page.emulateMedia({ media: 'screen' });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^cash-up-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv).toContain(`Refund,${first.id},`);
  expect(csv).toMatch(/Net,,,,,127\.96/);

  // The analytics page counts the same payments and refund in today's figures and chart.
  const analyticsAfter = await todaysAnalytics(page);
  expect(analyticsAfter.gross - analyticsBefore.gross).toBe(133_46);
  expect(analyticsAfter.refunds - analyticsBefore.refunds).toBe(5_50);
  expect(analyticsAfter.count - analyticsBefore.count).toBe(2);
  expect(analyticsAfter.chart - analyticsBefore.chart).toBe(133_46);
  await expectAccessible(page);
  await keepScreenshot(page, 'analytics-today-cashier');

  // The cashier's next shift starts empty; the past shifts list the closed one first.
  await page.getByRole('link', { name: 'Cash-up' }).first().click();
  await expect(figure(page, 'shift-count')).toHaveText('0');
  const past = page.getByRole('table', { name: 'Past shifts' });
  await expect(past.getByRole('row').nth(1)).toContainText('J$127.96');

  // The manager disputes it: picks the cashier, opens the shift and reopens it with a reason.
  await manager.goto('/1001/cash-up');
  const managerPast = manager.getByRole('table', { name: 'Past shifts' });
  // The page's answers are in (the cashiers to pick from came with the open shifts) before picking.
  await expect(managerPast.getByRole('row').nth(1)).toContainText('Jodi Henry');
  await manager.getByRole('combobox', { name: 'Cashier' }).click();
  await manager.getByRole('option', { name: 'Jodi Henry' }).click();
  await expect(manager.getByTestId('current-shift')).toContainText('Jodi Henry');
  await managerPast
    .getByRole('row')
    .nth(1)
    .getByRole('button', { name: /View details/ })
    .click();
  await manager.getByRole('button', { name: 'Reopen' }).click();
  const reopen = manager.getByRole('dialog', { name: 'Reopen shift' });
  await reopen.getByRole('textbox', { name: /Reason/ }).fill('Drawer counted J$5 short');
  await expectAccessible(manager);
  await reopen.getByRole('button', { name: 'Reopen' }).click();
  const reopened = manager.getByTestId('shift-summary');
  await expect(reopened).toContainText('Reopened');
  await expect(reopened).toContainText('Drawer counted J$5 short');
  await expect(reopened.getByTestId('shift-net')).toHaveText('J$127.96');
  await expect(reopen).toBeHidden();
  await keepScreenshot(manager, 'cash-up-reopened');
  // What it counted is the cashier's open shift again, to be counted at the next close.
  await page.reload();
  await expect(figure(page, 'shift-net')).toHaveText('J$127.96');
  await manager.context().close();
  await customer.context().close();
});
