import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { USERS } from '../support/demo-users.ts';
import { expectAccessible, keepScreenshot, signInAs, test } from '../support/fixtures.ts';

// Staff of the Kingston branch (1001). The journeys register, activate and delete a cashier of
// their own (a unique email per run) and never change the demo users other journeys sign in as.
const STAFF = '/1001/staff';
const NEW_PASSWORD = 'a long passphrase for the till';

const staffTable = (page: Page) => page.getByRole('table', { name: 'Staff' });
const rowOf = (page: Page, text: string) => staffTable(page).getByRole('row').filter({ hasText: text });

async function registerCashier(page: Page, email: string, displayName: string) {
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register New User' });
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog.getByText('Email is a required field')).toBeVisible();
  await expect(dialog.getByText('User Role is required')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('combobox', { name: 'User Role' }).selectOption({ label: 'Cashier' });
  await dialog.getByRole('checkbox', { name: /QR code/ }).check();
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Display name' }).fill(displayName);
  await expectAccessible(page);
  await keepScreenshot(page, 'staff-register-user');
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(
    page.getByText('The registered user will receive an email to activate the account.'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, email)).toContainText(displayName);
  await expect(rowOf(page, email)).toContainText('Cashier');
}

test('an admin adds a cashier who activates from the emailed link, signs in, and is then deleted', async ({
  page,
  browser,
}) => {
  const email = `till.${Date.now()}@example.com`;
  const displayName = 'Till E2E';
  await signInAs(page, USERS.admin, STAFF);
  await expect(staffTable(page)).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, 'staff-page');
  await registerCashier(page, email, displayName);

  // The cashier's own counter QR, as the till prints it: a JPEG named after the merchant.
  const downloading = page.waitForEvent('download');
  await rowOf(page, email)
    .getByRole('button', { name: `Download the QR code of ${displayName}` })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/__qrCode\.jpg$/);
  const jpeg = await readFile((await download.path())!);
  expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

  // The development mail viewer holds the activation email (no SMTP server in the journeys).
  const cashierContext = await browser.newContext();
  const cashier = await cashierContext.newPage();
  const message = cashier.getByRole('listitem').filter({ hasText: email });
  // The mail job delivers within a moment of the registration; the viewer is a static page.
  await expect(async () => {
    await cashier.goto('/dev/mail');
    await expect(message).toContainText('Activate your Lynk Merchant Portal account', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(cashier.getByRole('heading', { name: 'Development mail viewer' })).toBeVisible();
  await expectAccessible(cashier);
  await keepScreenshot(cashier, 'staff-dev-mail');
  await message.getByRole('link', { name: 'Open the link in this email' }).click();

  await expect(cashier.getByRole('heading', { name: 'Activate your account' })).toBeVisible();
  await expect(cashier.getByText(email)).toBeVisible();
  await expectAccessible(cashier);
  await cashier.getByLabel('New password').fill('too short');
  await cashier.getByLabel('Repeat the password').fill('too short');
  await cashier.getByRole('button', { name: 'Activate account' }).click();
  await expect(cashier.getByRole('alert')).toContainText('The password must have at least 12 characters.');
  await expectAccessible(cashier);
  await keepScreenshot(cashier, 'staff-activation-error');
  await cashier.getByLabel('New password').fill(NEW_PASSWORD);
  await cashier.getByLabel('Repeat the password').fill(NEW_PASSWORD);
  await cashier.getByRole('button', { name: 'Activate account' }).click();
  await expect(cashier.getByRole('heading', { name: 'Account activated' })).toBeVisible();

  await cashier.getByRole('link', { name: 'Sign in' }).click();
  await expect(cashier.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await cashier.getByLabel('Email').fill(email);
  await cashier.getByLabel('Password').fill(NEW_PASSWORD);
  await cashier.getByRole('button', { name: 'Sign in' }).click();
  await expect(cashier).toHaveURL(/\/1001\/lynk-wallet\/orders$/);
  const session = await (await cashier.request.get('/api/session')).json();
  expect(session).toMatchObject({ role: 'Cashier', displayName, org_id: 'org_1001' });

  // Deleted with confirmation: the cashier's open session ends at once.
  await rowOf(page, email)
    .getByRole('button', { name: `Delete ${displayName}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm).toContainText(
    'Are you sure you want to delete this user? This action is irreversible.',
  );
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('This user was deleted successfully!')).toBeVisible();
  await expect(rowOf(page, email)).toHaveCount(0);
  expect((await cashier.request.get('/api/session')).status()).toBe(401);
  await cashierContext.close();
});

test('an admin cannot change their own role or status, nor delete themselves', async ({ page }) => {
  await signInAs(page, USERS.admin, STAFF);
  const own = rowOf(page, USERS.admin);
  await expect(own).toBeVisible();
  await expect(own.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await own.getByRole('button', { name: /^Edit / }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await expect(dialog.getByRole('textbox', { name: 'Email' })).toBeDisabled();
  await expect(dialog.getByRole('combobox', { name: 'User Role' })).toBeDisabled();
  await expect(dialog.getByRole('switch', { name: /^Active/ })).toBeDisabled();
  await expect(dialog.getByText('You cannot change your own role or status.').first()).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, 'staff-edit-own');
});

test('the staff page and the register modal on a phone', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await signInAs(page, USERS.admin, STAFF);
  await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible();
  await expect(page.getByText(USERS.admin)).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, 'staff-page-phone');
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByRole('dialog', { name: 'Register New User' })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, 'staff-register-user-phone');
  await context.close();
});

test('a super administrator on the corporate view registers only super administrators', async ({ page }) => {
  await signInAs(page, USERS.superAdmin, '/staff');
  await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible();
  await expect(rowOf(page, USERS.superAdmin)).toContainText('Super Administrator');
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register New User' });
  const roles = dialog.getByRole('combobox', { name: 'User Role' }).locator('option:not([disabled])');
  await expect(roles).toHaveText(['Super Administrator']);
  await expectAccessible(page);
  await keepScreenshot(page, 'staff-corporate-register');
});
