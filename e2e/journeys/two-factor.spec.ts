import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_PASSWORD, USERS } from '../support/demo-users.ts';
import { enterSecondFactor, expectAccessible, keepScreenshot, signInAs, test } from '../support/fixtures.ts';
import { serverNow, setServerClockOffset } from '../support/server-clock.ts';
import { claimTotpCode } from '../support/totp.ts';

// Two-step verification and step-up (ADR 030). The second journey moves the server's clock, so
// this file runs alone after every other journey (playwright.config.ts) and in order. To run it by
// itself: `npx playwright test journeys/two-factor.spec.ts --no-deps`.
test.describe.configure({ mode: 'serial' });

const MINUTE = 60_000;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function passwordStep(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function confirmPasswordForSetUp(page: Page) {
  await expect(page.getByRole('heading', { name: 'Confirm it’s you' })).toBeVisible();
  await expect(page.getByText('Setting up two-step verification needs your password again.')).toBeVisible();
  await expect(page.locator('#secret')).toHaveCount(0);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('an admin signs in with a code from the seeded authenticator; a wrong code is refused', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page);
  await passwordStep(page, USERS.admin);

  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await expect(
    page.getByText('Enter the code from your authenticator app to finish signing in.'),
  ).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, 'two-factor-code');

  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That code is not right. Check your authenticator app and try again.',
  );
  await expectAccessible(page);

  await page.getByLabel('Authentication code').fill(await claimTotpCode(USERS.admin));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/1001\/lynk-wallet\/orders$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Blue Mountain Coffee – Kingston' }),
  ).toBeVisible();

  // The same page on a phone.
  const phone = await browser.newContext(PHONE);
  const small = await phone.newPage();
  await small.goto('/');
  await passwordStep(small, USERS.superAdmin);
  await expect(small.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await keepScreenshot(small, 'two-factor-code-phone');
  await enterSecondFactor(small, USERS.superAdmin);
  await expect(small).toHaveURL(/\/$/);
  await phone.close();
});

test('a stale second factor sends the admin through a step-up on approve, and the approval then goes through', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The manager uploads the batch and sends it for approval: an admin approves only another's batch.
  const makerContext = await browser.newContext();
  const maker = await makerContext.newPage();
  await signInAs(maker, USERS.manager, '/1001/lynk-wallet/payment-history');
  await maker.getByRole('button', { name: 'Create a Payment' }).click();
  const chooser = maker.getByRole('dialog', { name: 'Create a Payment' });
  await chooser.getByRole('radio', { name: 'Batch payment' }).click();
  await chooser.getByRole('button', { name: 'Next' }).click();
  const upload = maker.getByRole('dialog', { name: 'Upload batch payment file' });
  await upload.locator('input[type="file"]').setInputFiles({
    name: 'step-up.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('lynk_id,amount\nmarcia.campbell,125.00\n'),
  });
  await upload.getByLabel('Batch name (Optional)').fill(`Step-up ${Date.now()}`);
  const created = maker.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith('/api/payment/batch-payments'),
  );
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  const id = Number((await (await created).json()).data.id);
  await maker
    .getByRole('dialog', { name: 'Confirm payment' })
    .getByRole('button', { name: 'Request approval' })
    .click();
  await expect(maker.getByRole('dialog', { name: 'Payment Sent for Approval' })).toBeVisible();
  await makerContext.close();

  await signInAs(page, USERS.admin, `/1001/lynk-wallet/payment-history/review/${id}`);
  const confirm = page.getByTestId(`batch-review-${id}`);
  await confirm
    .getByLabel(
      'I confirm the recipients and fees for this transfer. I agree that transfers are final once completed.',
    )
    .check();
  await confirm.getByRole('button', { name: 'Approve and continue' }).click();
  const source = page.getByRole('dialog', { name: 'Choose source of funds' });
  await expect(source.getByRole('radio', { name: /^Main wallet/ })).toBeChecked();

  // Sixteen minutes pass for the server; the portal is used on the way, so the session stays alive.
  setServerClockOffset(10 * MINUTE);
  expect((await page.request.get('/api/session')).status()).toBe(200);
  setServerClockOffset(16 * MINUTE);

  await source.getByRole('button', { name: 'Approve & Continue' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await expect(stepUp.getByText('Moving money needs a recent confirmation.', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, 'step-up-dialog');
  // The same dialog on a phone.
  const desktop = page.viewportSize()!;
  await page.setViewportSize(PHONE.viewport);
  await expect(stepUp.getByRole('button', { name: 'Continue' })).toBeVisible();
  await keepScreenshot(page, 'step-up-dialog-phone');
  await page.setViewportSize(desktop);

  const popupOpened = page.waitForEvent('popup');
  await stepUp.getByRole('button', { name: 'Continue' }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: /Confirm it.s you/ })).toBeVisible();
  await expect(popup.getByText('Moving money needs a fresh code from your authenticator app.')).toBeVisible();
  await expectAccessible(popup);
  await keepScreenshot(popup, 'step-up-code');
  await popup.getByLabel('Authentication code').fill(await claimTotpCode(USERS.admin));
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Verify' }).click();
  await closed;

  // The approval the server refused is made again by itself: the form was never left.
  const success = page.getByRole('dialog', { name: 'Your transfer is successful' });
  await expect(success.getByText('Your payment was sent to every recipient.')).toBeVisible({
    timeout: 40_000,
  });
  await expect(stepUp).toHaveCount(0);
});

test('a manager sets up two-step verification from My Profile: QR code, setup key, first code, recovery codes', async ({
  page,
  browser,
}) => {
  // The set-up page on a phone first, signed in there as a phone is: another device, its own
  // session (two tabs of one session each confirming the password would end each other's step).
  const phone = await browser.newContext({ ...PHONE });
  const small = await phone.newPage();
  await signInAs(small, USERS.managerOchoRios, '/profile');
  await small.goto('/auth/two-factor?returnTo=%2Fprofile');
  await confirmPasswordForSetUp(small);
  await expect(small.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
  await keepScreenshot(small, 'two-factor-setup-phone');
  await phone.close();

  await signInAs(page, USERS.managerOchoRios, '/profile');
  const card = page.getByRole('region', { name: 'Two-step verification' });
  await expect(card).toContainText('Off.');
  await card.getByRole('link', { name: 'Set up two-step verification' }).click();
  // The password first: a session alone never shows the setup key (security review finding 4).
  await confirmPasswordForSetUp(page);
  await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code to add Lynk Merchant Portal/ })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, 'two-factor-setup');
  const secret = (await page.locator('#secret').innerText()).replaceAll(' ', '');

  await page
    .getByLabel('Code from the app')
    .fill(await generate({ secret, epoch: Math.floor(serverNow() / 1000) }));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await expectAccessible(page);
  await keepScreenshot(page, 'two-factor-recovery-codes');
  await page.getByRole('link', { name: 'I have saved them, continue' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('region', { name: 'Two-step verification' })).toContainText(
    'On: you give a code from your authenticator app when you sign in.',
  );
  await keepScreenshot(page, 'profile-two-factor-on');
});
