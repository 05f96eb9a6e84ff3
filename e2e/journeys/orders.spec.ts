import { expect, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, USERS } from '../support/demo-users.ts';
import { expectAccessible, keepScreenshot, signInAs, test } from '../support/fixtures.ts';
import { centsFromText } from '../support/money.ts';

// Orders move money of Ocho Rios (1003), a branch no other journey moves money in, and each
// journey pays with a customer of its own, so exact balances hold while journeys run side by side.

/** A customer on their phone, on the pay page of a link. */
async function customerOnPhone(browser: Browser, link: string, email: string) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const phone = await context.newPage();
  await phone.goto(link);
  await phone.getByLabel('Email').fill(email);
  await phone.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await phone.getByRole('button', { name: 'Sign in to pay' }).click();
  await expect(phone.getByText('Paying as')).toBeVisible();
  return phone;
}

/** Creates a payment request through the modal and answers its pay link and order id. */
async function requestPayment(page: Page, amount: string, note: string) {
  await page.getByRole('button', { name: 'Payment Request' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Payment Request' });
  await dialog.getByLabel('Amount').fill(amount);
  await dialog.getByLabel('Note (Optional)').fill(note);
  await expect(dialog.getByText(`${note.length}/100 characters`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const ready = page.getByRole('dialog', { name: 'Link Ready To Share' });
  const message = await ready.getByRole('textbox').inputValue();
  const link = /http:\/\/[^\s]+\/pay\/[A-Za-z0-9_-]{22}/.exec(message)?.[0];
  expect(link, message).toBeTruthy();
  await ready.getByRole('button', { name: 'Close' }).click();
  const code = link!.split('/pay/')[1]!;
  const read = await page.request.get(`/api/payment/pay/${code}`);
  return { link: link!, orderId: String((await read.json()).data.m_order_id) };
}

const orderRow = (page: Page, orderId: string) => page.getByRole('row').filter({ hasText: orderId });

test('a cashier requests a payment, a customer pays it on their phone, the order shows PAID with its commission and GCT', async ({
  page,
  browser,
}) => {
  await signInAs(page, USERS.cashierOchoRios, '/1003/lynk-wallet/orders');
  await expect(page.getByRole('heading', { name: 'Orders', exact: true })).toBeVisible();
  const { link, orderId } = await requestPayment(page, '1500', 'Two flat whites');
  await expect(orderRow(page, orderId)).toContainText('Awaiting Payment');

  const phone = await customerOnPhone(browser, link, 'customer@lynk.example');
  await expect(phone.getByText('J$1,500.00').first()).toBeVisible();
  await expect(phone.getByText('Two flat whites')).toBeVisible();
  await expectAccessible(phone);
  await phone.getByRole('button', { name: 'Pay J$1,500.00' }).click();
  await expect(phone.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await keepScreenshot(phone, 'pay-page-receipt-phone');
  await expectAccessible(phone);

  await page.reload();
  const row = orderRow(page, orderId);
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('@janedoe');
  await row.click();
  const details = page.getByRole('dialog', { name: 'Order details' });
  // 2.5 % commission on J$1,500.00, and 15 % GCT on it, rounded half up to the cent.
  await expect(details.getByText('J$37.50')).toBeVisible();
  await expect(details.getByText('J$5.63')).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, 'orders-paid-details');
});

test('a customer declines a link: the order shows Rejected and the link can no longer be paid', async ({
  page,
  browser,
}) => {
  await signInAs(page, USERS.cashierOchoRios, '/1003/lynk-wallet/orders');
  const { link, orderId } = await requestPayment(page, '80', 'Refill');
  const phone = await customerOnPhone(browser, link, 'dwayne.powell@lynk.example');
  await phone.getByRole('button', { name: 'Decline' }).click();
  await phone.getByRole('button', { name: 'Yes, decline' }).click();
  await expect(phone.getByText('This payment request was declined.')).toBeVisible();
  await expect(phone.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await page.reload();
  await expect(orderRow(page, orderId)).toContainText('Rejected');
});

test('a pay link opened on a phone arrives painted by the server: the request and the sign-in form before any script, what was typed meanwhile kept, no call made again, nothing in the console', async ({
  page,
  browser,
}) => {
  await signInAs(page, USERS.cashierOchoRios, '/1003/lynk-wallet/orders');
  const { link } = await requestPayment(page, '275', 'Jerk chicken');
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

  // Scripts off: what the server rendered is all there is (ADR 038, issue 32).
  const withoutScripts = await browser.newContext({ ...phone, javaScriptEnabled: false });
  const still = await withoutScripts.newPage();
  await still.goto(link);
  await expect(still.getByRole('heading', { level: 1 })).toContainText('Ocho Rios');
  await expect(still.getByTestId('pay-amount')).toContainText('J$275.00');
  await expect(still.getByText('Jerk chicken')).toBeVisible();
  await expect(still.getByRole('button', { name: 'Sign in to pay' })).toBeVisible();
  await withoutScripts.close();

  const context = await browser.newContext(phone);
  const customer = await context.newPage();
  const consoleErrors: string[] = [];
  const calls: string[] = [];
  customer.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  customer.on('request', (request) => calls.push(`${request.method()} ${new URL(request.url()).pathname}`));
  // The portal's scripts held back while the customer types: the page is the server's alone.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await customer.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  await customer.goto(link, { waitUntil: 'commit' });
  await customer.getByLabel('Email').fill('customer@lynk.example');
  await customer.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  release();
  // Signed in with what was typed before the portal took the page over.
  await customer.getByRole('button', { name: 'Sign in to pay' }).click();
  await expect(customer.getByText('Paying as')).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Pay J$275.00' })).toBeVisible();
  // The link and "nobody signed in" came with the page: no GET asked for them again, and no 401.
  expect(calls.filter((call) => call.startsWith('GET /api/'))).toEqual([]);
  expect(consoleErrors).toEqual([]);
  await expectAccessible(customer);
  await context.close();
});

test('the refund form shows each rule of the spec, then a manager refunds part of an order twice: both refunds listed, both wallets moved by the exact amounts', async ({
  page,
  browser,
}) => {
  await signInAs(page, USERS.managerOchoRios, '/1003/lynk-wallet/orders');
  const { link, orderId } = await requestPayment(page, '1000', 'Lunch for four');
  const phone = await customerOnPhone(browser, link, 'rohan.gordon@lynk.example');
  await phone.getByRole('button', { name: 'Pay J$1,000.00' }).click();
  await expect(phone.getByRole('heading', { name: 'Payment complete' })).toBeVisible();

  const customerBalance = async () =>
    Number((await (await phone.request.get('/api/consumer-auth/session')).json()).data.balance);
  const accounts = (await (await page.request.get('/api/account/v1/accounts')).json()).result as Array<{
    id: number;
    type: string;
  }>;
  const wallet = accounts.find((account) => account.type === 'LYNK')!.id;
  const merchantBalance = async () =>
    Number(
      (await (await page.request.get(`/api/account/v2/accounts/${wallet}/balance`)).json()).data.balance,
    );
  const [customerBefore, merchantBefore] = [await customerBalance(), await merchantBalance()];

  await page.reload();
  await orderRow(page, orderId).click();
  await page
    .getByRole('dialog', { name: 'Order details' })
    .getByRole('button', { name: 'Issue Refund' })
    .click();
  const refund = page.getByRole('dialog', { name: `Transaction ID #${orderId}` });
  await refund.getByText('Partial Refund').click();
  await refund.getByRole('button', { name: 'Next' }).click();
  // Nothing is said before the user tries.
  await expect(refund.getByText('Reason is required')).toHaveCount(0);
  await refund.getByRole('button', { name: 'Issue Refund' }).click();
  await expect(refund.getByText('Amount is required')).toBeVisible();
  await expect(refund.getByText('Reason is required')).toBeVisible();
  await refund.getByLabel('Amount').fill('1000.01');
  await expect(refund.getByText('Amount is greater than the Total')).toBeVisible();
  await expectAccessible(page);

  const partialRefund = async (amount: string, reason: string) => {
    await refund.getByLabel('Amount').fill(amount);
    await refund.getByRole('combobox', { name: 'Reason' }).selectOption({ label: reason });
    await refund.getByRole('button', { name: 'Issue Refund' }).click();
    const done = page.getByRole('dialog').filter({ hasText: "You've successfully issued your refund." });
    await expect(done).toBeVisible();
    await done.getByRole('button', { name: 'Return to Dashboard' }).click();
  };
  await partialRefund('250', 'Damaged or defective');

  await orderRow(page, orderId).click();
  await page
    .getByRole('dialog', { name: 'Order details' })
    .getByRole('button', { name: 'Issue Refund' })
    .click();
  await refund.getByText('Partial Refund').click();
  await refund.getByRole('button', { name: 'Next' }).click();
  await partialRefund('100.50', 'Other');

  await page.goto('/1003/lynk-wallet/refunds');
  const refunds = page.getByRole('row').filter({ hasText: orderId });
  await expect(refunds).toHaveCount(2);
  const amounts = (await refunds.allInnerTexts()).map(centsFromText).sort((a, b) => a - b);
  expect(amounts).toEqual([100_50, 250_00]);
  await keepScreenshot(page, 'refunds-two-partial');
  await expectAccessible(page);

  // The order still reads Paid (it can be refunded further), with what went back beside it.
  await page.goto('/1003/lynk-wallet/orders');
  await expect(orderRow(page, orderId)).toContainText('Paid');
  await expect(orderRow(page, orderId)).toContainText('J$350.50 refunded');
  await expectAccessible(page);

  // The customer gets back exactly what was refunded; the merchant gives it less the share of
  // the commission and GCT that Lynk gives back (2.5 % and 15 % of it, on the running total).
  expect(await customerBalance()).toBe(customerBefore + 350_50);
  const feeBack = Math.round((25_00 * 350_50) / 1000_00); // J$8.76
  const gctBack = Math.round((3_75 * 350_50) / 1000_00); // J$1.31
  expect(await merchantBalance()).toBe(merchantBefore - (350_50 - feeBack - gctBack));
});
