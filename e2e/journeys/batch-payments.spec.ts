import { expect, type Browser, type Page } from '@playwright/test';
import { USERS } from '../support/demo-users.ts';
import { expectAccessible, keepScreenshot, signInAs, test } from '../support/fixtures.ts';
import { centsFromText } from '../support/money.ts';

// Batch payouts leave Kingston's main wallet (1001) to demo wallet users of the README. Each
// journey names its batch uniquely, so the history row it looks for is its own. Two journeys check
// Kingston's balance to the cent before and after a payout: this file's journeys run one after
// another, so neither moves the wallet while the other is measuring it.
test.describe.configure({ mode: 'default' });

const HISTORY = '/1001/lynk-wallet/payment-history';

function csvFile(name: string, rows: [string, string][]) {
  const body = ['lynk_id,amount', ...rows.map(([id, amount]) => `${id},${amount}`)].join('\n');
  return { name, mimeType: 'text/csv', buffer: Buffer.from(`${body}\n`) };
}

/** The Kingston main wallet's balance in cents, as the API reads it. */
async function mainWalletBalance(page: Page): Promise<number> {
  const accounts = await (await page.request.get('/api/account/v1/accounts')).json();
  const wallet = accounts.result.find((account: { type: string }) => account.type === 'LYNK').id;
  return Number(
    (await (await page.request.get(`/api/account/v2/accounts/${wallet}/balance`)).json()).data.balance,
  );
}

/** Opens Create a Payment, chooses the batch payment and answers the upload dialog. */
async function openUpload(page: Page) {
  await page.getByRole('button', { name: 'Create a Payment' }).click();
  const chooser = page.getByRole('dialog', { name: 'Create a Payment' });
  await expect(chooser.getByRole('button', { name: 'Next' })).toBeDisabled();
  await chooser.getByRole('radio', { name: 'Batch payment' }).click();
  await chooser.getByRole('button', { name: 'Next' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload batch payment file' });
  await expect(upload.getByText('Bulk payment file')).toBeVisible();
  return upload;
}

/** Uploads a file under a batch name and answers the new batch's id. */
async function uploadBatch(page: Page, file: ReturnType<typeof csvFile>, name: string) {
  const upload = await openUpload(page);
  await upload.locator('input[type="file"]').setInputFiles(file);
  await expect(upload.getByText(`Chosen file: ${file.name}`)).toBeVisible();
  await upload.getByLabel('Batch name (Optional)').fill(name);
  const created = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith('/api/payment/batch-payments'),
  );
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  const id = Number((await (await created).json()).data.id);
  return { upload, id };
}

const historyRow = (page: Page, id: number) =>
  page
    .getByTestId('payment-history-table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });

async function signedInPage(browser: Browser, email: string, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, email, path);
  return page;
}

test('an admin uploads a batch and sends it for approval (never approving their own); the super administrator approves it from the main wallet: the payees are paid, the wallet moves by the total, the history shows it Processed with a receipt', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `E2E payroll ${Date.now()}`;
  await signInAs(page, USERS.admin, HISTORY);
  await expect(page.getByTestId('payment-history-table')).toBeVisible();
  await expectAccessible(page);

  const upload = await openUpload(page);
  await expectAccessible(page);
  await keepScreenshot(page, 'batch-upload-modal');
  await upload.getByRole('button', { name: 'Cancel' }).click();

  const { id } = await uploadBatch(
    page,
    csvFile('payroll.csv', [
      ['marcia.campbell', '1500'],
      ['delroy.williams', '2000.50'],
      ['@sharon.brown', '1000.00'],
    ]),
    name,
  );
  const confirm = page.getByRole('dialog', { name: 'Confirm payment' });
  await expect(confirm.getByText('Please review this payment and choose an action')).toBeVisible();
  const value = (label: string) =>
    confirm
      .locator('dt')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]');
  await expect(value('Number of payees')).toHaveText('3');
  await expect(value('Sub total')).toHaveText('J$4,500.50');
  const subtotal = centsFromText(await value('Sub total').innerText());
  const fee = centsFromText(await value('Processing fee').innerText());
  const gct = centsFromText(await value('GCT on processing fee').innerText());
  const total = centsFromText(await value('Total').innerText());
  expect(total).toBe(subtotal + fee + gct);
  await expect(confirm.getByRole('button', { name: 'Review batch upload' })).toBeVisible();
  await keepScreenshot(page, 'batch-confirm-payment');
  await expectAccessible(page);

  // Maker-checker (spec section 4, ADR 022): the admin who uploaded it sends it for approval.
  await expect(confirm.getByRole('checkbox')).toHaveCount(0);
  await expect(confirm.getByRole('button', { name: 'Approve and continue' })).toHaveCount(0);
  await confirm.getByRole('button', { name: 'Request approval' }).click();
  const sent = page.getByRole('dialog', { name: 'Payment Sent for Approval' });
  await sent.getByRole('button', { name: 'Return to Dashboard' }).click();
  await expect(historyRow(page, id)).toContainText('Pending approval');
  await historyRow(page, id)
    .getByRole('link', { name: `Review Batch ${id}` })
    .click();
  const own = page.getByTestId(`batch-review-${id}`);
  await expect(
    own.getByText('You uploaded this batch or sent it for approval, so another admin must approve it.'),
  ).toBeVisible();
  await expect(own.getByRole('button', { name: 'Approve and continue' })).toHaveCount(0);

  const checker = await signedInPage(browser, USERS.superAdmin, `${HISTORY}/review/${id}`);
  const review = checker.getByTestId(`batch-review-${id}`);
  const approve = review.getByRole('button', { name: 'Approve and continue' });
  await expect(approve).toBeDisabled();
  await review
    .getByLabel(
      'I confirm the recipients and fees for this transfer. I agree that transfers are final once completed.',
    )
    .check();
  const before = await mainWalletBalance(checker);
  await approve.click();
  const source = checker.getByRole('dialog', { name: 'Choose source of funds' });
  await expect(source.getByRole('radio', { name: /^Main wallet/ })).toBeChecked();
  await expectAccessible(checker);
  await source.getByRole('button', { name: 'Approve & Continue' }).click();
  const success = checker.getByRole('dialog', { name: 'Your transfer is successful' });
  await expect(success.getByText('Your payment was sent to every recipient.')).toBeVisible({
    timeout: 40_000,
  });
  expect(await mainWalletBalance(checker)).toBe(before - total);
  await success.getByRole('button', { name: 'Return to Dashboard' }).click();
  await checker.context().close();

  await page.goto(HISTORY);
  const row = historyRow(page, id);
  await expect(row).toContainText(name.slice(0, 15));
  await expect(row).toContainText('Processed');
  await expect(row.getByRole('link', { name: /Review Batch/ })).toHaveCount(0);
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: `Receipt of batch ${id}` }).click();
  expect((await download).suggestedFilename()).toBe('receipt.csv');
  await keepScreenshot(page, 'batch-history-processed');
  await expectAccessible(page);
});

test('a manager uploads and requests approval; the admin opens the review page and rejects it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `E2E suppliers ${Date.now()}`;
  await signInAs(page, USERS.manager, HISTORY);
  await expect(page.getByTestId('payment-history-table')).toBeVisible();
  const { id } = await uploadBatch(page, csvFile('suppliers.csv', [['kemar.b', '750']]), name);
  const confirm = page.getByRole('dialog', { name: 'Confirm payment' });
  await expect(confirm.getByRole('checkbox')).toHaveCount(0);
  await expect(confirm.getByRole('button', { name: 'Approve and continue' })).toHaveCount(0);
  await confirm.getByRole('button', { name: 'Request approval' }).click();
  const sent = page.getByRole('dialog', { name: 'Payment Sent for Approval' });
  await expect(
    sent.getByText('Your payment was sent for approval. You will be notified when the approval is done.'),
  ).toBeVisible();
  await sent.getByRole('button', { name: 'Return to Dashboard' }).click();
  await expect(historyRow(page, id)).toContainText('Pending approval');
  // Its maker comes back to it from the row (issue 32, item 3), and may not approve it.
  await historyRow(page, id)
    .getByRole('link', { name: `Review Batch ${id}` })
    .click();
  const own = page.getByTestId(`batch-review-${id}`);
  await expect(own.getByText('Please review this payment and choose an action')).toBeVisible();
  await expect(own.getByRole('button', { name: 'Approve and continue' })).toHaveCount(0);
  await expect(own.getByRole('checkbox')).toHaveCount(0);

  const admin = await signedInPage(browser, USERS.admin, HISTORY);
  await historyRow(admin, id)
    .getByRole('link', { name: `Review Batch ${id}` })
    .click();
  await expect(admin).toHaveURL(new RegExp(`/payment-history/review/${id}$`));
  const review = admin.getByTestId(`batch-review-${id}`);
  await expect(review.getByText('Please review this payment and choose an action')).toBeVisible();
  await expectAccessible(admin);
  await keepScreenshot(admin, 'batch-review-page');
  await review.getByRole('button', { name: 'Reject' }).click();
  const reject = admin.getByRole('dialog', { name: `Reject batch ID ${id}` });
  const reason = reject.getByLabel('Reason (optional)');
  await reason.fill('x'.repeat(46));
  await expect(reject.getByText('46/45 characters')).toBeVisible();
  await expect(reject.getByRole('button', { name: 'Reject' })).toBeDisabled();
  await reason.fill('Wrong supplier amounts');
  await reject.getByRole('button', { name: 'Reject' }).click();
  const rejected = admin.getByRole('dialog', { name: 'Payment Rejected' });
  await expect(rejected.getByText('Your payment was rejected')).toBeVisible();
  await expect(admin).toHaveURL(/\/payment-history$/);
  await rejected.getByRole('button', { name: 'Return to Dashboard' }).click();
  await expect(historyRow(admin, id)).toContainText('Rejected');
  await admin.context().close();
});

/** What remains of Kingston's weekly batch limit this week, in cents, as the API reads it. */
async function remainingWeeklyLimit(page: Page): Promise<number> {
  const accounts = await (await page.request.get('/api/account/v1/accounts')).json();
  const wallet = accounts.result.find((account: { type: string }) => account.type === 'LYNK').id;
  const limit = await page.request.get(
    `/api/account/v1/accounts/${wallet}/limits?period=2&transfer_type=MBATCH`,
  );
  return Number((await limit.json()).data.remaining);
}

test('a manager sending a batch above what remains of the weekly limit is warned, chooses Resume Later, comes back to it from its row and cancels it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const name = `E2E over limit ${Date.now()}`;
  await signInAs(page, USERS.manager, HISTORY);
  await expect(page.getByTestId('payment-history-table')).toBeVisible();
  const remainingBefore = await remainingWeeklyLimit(page);
  // J$3,000,000 and its fees: above the whole weekly limit (J$2,000,000), whatever this week used.
  const { id } = await uploadBatch(
    page,
    csvFile('over-limit.csv', [
      ['marcia.campbell', '1000000'],
      ['delroy.williams', '1000000'],
      ['sharon.brown', '1000000'],
    ]),
    name,
  );
  const confirm = page.getByRole('dialog', { name: 'Confirm payment' });
  const total = centsFromText(
    await confirm
      .locator('dt')
      .filter({ hasText: /^Total$/ })
      .locator('xpath=following-sibling::dd[1]')
      .innerText(),
  );
  const warning = confirm.getByTestId('weekly-limit-warning');
  await expect(warning).toHaveText(
    /^You currently have J\$[\d,]+\.\d{2} remaining for this week, and the limit will reset at the end of the week\.$/,
  );
  // Other journeys' payouts may use some of the limit meanwhile; none gives any back.
  const shown = centsFromText(await warning.innerText());
  expect(shown).toBeLessThanOrEqual(remainingBefore);
  expect(total).toBeGreaterThan(shown);
  // A warning, not a block: the admin's approval is what the limit refuses.
  await expect(confirm.getByRole('button', { name: 'Request approval' })).toBeEnabled();
  await keepScreenshot(page, 'batch-weekly-limit-warning');
  await expectAccessible(page);

  await confirm.getByRole('button', { name: 'Resume Later' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(historyRow(page, id)).toContainText('Validated');
  await historyRow(page, id)
    .getByRole('link', { name: `Review Batch ${id}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/payment-history/review/${id}$`));
  const review = page.getByTestId(`batch-review-${id}`);
  await expect(review.getByTestId('weekly-limit-warning')).toContainText('remaining for this week');
  await expect(review.getByRole('button', { name: 'Request approval' })).toBeEnabled();

  // Its maker cancels it, so no admin is asked to approve a batch the limit would refuse.
  await review.getByRole('button', { name: 'Reject' }).click();
  const reject = page.getByRole('dialog', { name: `Reject batch ID ${id}` });
  await reject.getByLabel('Reason (optional)').fill('Over the weekly limit');
  await reject.getByRole('button', { name: 'Reject' }).click();
  const rejected = page.getByRole('dialog', { name: 'Payment Rejected' });
  await rejected.getByRole('button', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/payment-history$/);
  await expect(historyRow(page, id)).toContainText('Rejected');
});

test('a file with an inactive payee ends with the error log, whose CSV lists the errors', async ({
  page,
}) => {
  await signInAs(page, USERS.admin, HISTORY);
  await expect(page.getByTestId('payment-history-table')).toBeVisible();
  const { upload } = await uploadBatch(
    page,
    csvFile('with-inactive.csv', [
      ['marcia.campbell', '100'],
      ['ricardo.henry', '100'],
    ]),
    `E2E inactive ${Date.now()}`,
  );
  await expect(
    upload.getByText(
      'There were errors found with some accounts. Please check the error logs, fix errors and try again.',
    ),
  ).toBeVisible();
  const download = page.waitForEvent('download');
  await upload.getByRole('button', { name: 'Download the error log' }).click();
  const file = await download;
  const text = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(text).toString()).toContain(
    "I'm sorry, we could not find a matching or active account.",
  );
  await keepScreenshot(page, 'batch-upload-error-log');
  await expectAccessible(page);
});

test('a single payment: the lookup refuses an inactive ID and the branch itself; the admin sends it for approval and the super administrator approves it, paying a wallet user', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, USERS.admin, HISTORY);
  await expect(page.getByTestId('payment-history-table')).toBeVisible();
  await page.getByRole('button', { name: 'Create a Payment' }).click();
  const chooser = page.getByRole('dialog', { name: 'Create a Payment' });
  await chooser.getByRole('radio', { name: 'Single payment' }).click();
  await chooser.getByRole('button', { name: 'Next' }).click();

  const recipient = page.getByRole('dialog', { name: 'Choose your recipient' });
  const id = recipient.getByLabel('Lynk ID');
  const next = recipient.getByRole('button', { name: 'Next' });
  await id.fill('ri');
  await expect(next).toBeDisabled();
  await id.fill('ricardo.henry');
  await next.click();
  await expect(
    recipient.getByText(
      "I'm sorry, we could not find a matching or active account. Please verify the Lynk ID with the recipient and try again.",
    ),
  ).toBeVisible();
  await id.fill('bmc.kingston');
  await expect(recipient.getByRole('alert')).toHaveCount(0);
  await next.click();
  await expect(recipient.getByText('Transaction not allowed')).toBeVisible();
  await expectAccessible(page);
  await id.fill('marcia.campbell');
  await next.click();

  const amount = page.getByRole('dialog', { name: 'Enter transfer amount' });
  await expect(amount.getByText(/^Paying .+ \(@marcia\.campbell\)$/)).toBeVisible();
  await expect(amount.getByRole('button', { name: 'Next' })).toBeDisabled();
  await amount.getByLabel('Amount').fill('250');
  const created = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/single-payee'),
  );
  await amount.getByRole('button', { name: 'Next' }).click();
  const batchId = Number((await (await created).json()).payees[0].batch_id);

  const confirm = page.getByRole('dialog', { name: 'Confirm payment' });
  await expect(confirm.getByText('Step 3 of 3')).toBeVisible();
  const value = (label: string) =>
    confirm
      .locator('dt')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]');
  await expect(value('Number of payees')).toHaveText('1');
  await expect(value('Sub total')).toHaveText('J$250.00');
  const total = centsFromText(await value('Total').innerText());
  await keepScreenshot(page, 'single-payment-confirm');
  // Its maker sends it for approval; another admin approves it (spec section 4, ADR 022).
  await expect(confirm.getByRole('button', { name: 'Approve and continue' })).toHaveCount(0);
  await confirm.getByRole('button', { name: 'Request approval' }).click();
  await expect(page.getByRole('dialog', { name: 'Payment Sent for Approval' })).toBeVisible();

  const checker = await signedInPage(browser, USERS.superAdmin, `${HISTORY}/review/${batchId}`);
  const review = checker.getByTestId(`batch-review-${batchId}`);
  await review.getByRole('checkbox').check();
  const before = await mainWalletBalance(checker);
  await review.getByRole('button', { name: 'Approve and continue' }).click();
  const source = checker.getByRole('dialog', { name: 'Choose source of funds' });
  await source.getByRole('button', { name: 'Approve & Continue' }).click();
  await expect(checker.getByRole('dialog', { name: 'Your transfer is successful' })).toBeVisible({
    timeout: 40_000,
  });
  expect(await mainWalletBalance(checker)).toBe(before - total);
  await checker.context().close();
});

test('the payment history on a phone shows each batch as a card, and the upload modal fits the screen', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const phone = await context.newPage();
  await signInAs(phone, USERS.admin, HISTORY);
  await expect(
    phone.getByTestId('payment-history-table').getByText(/Showing \d+-\d+ of \d+ entries/),
  ).toBeVisible();
  await keepScreenshot(phone, 'batch-history-phone');
  await expectAccessible(phone);

  const upload = await openUpload(phone);
  await upload.locator('input[type="file"]').setInputFiles(csvFile('phone.csv', [['sharon.brown', '10']]));
  await expect(upload.getByText('Chosen file: phone.csv')).toBeVisible();
  await keepScreenshot(phone, 'batch-upload-modal-phone');
  await expectAccessible(phone);
  await upload.getByRole('button', { name: 'Cancel' }).click();
  await expect(upload).toHaveCount(0);
  await context.close();
});
