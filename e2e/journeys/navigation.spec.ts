import { expect } from '@playwright/test';
import { expectAccessible, keepScreenshot, signInAs, test } from '../support/fixtures.ts';
import { USERS } from '../support/demo-users.ts';

test('an unknown path shows the not-found page with the way back to the dashboard', async ({ page }) => {
  await signInAs(page, USERS.cashier);
  await expect(page).toHaveURL(/\/1001\/lynk-wallet\/orders$/);
  await page.goto('/1001/no-such-page');
  await expect(page.getByRole('heading', { name: "Looks like you're lost." })).toBeVisible();
  await keepScreenshot(page, 'not-found');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Go back to the Dashboard' }).click();
  await expect(page).toHaveURL(/\/1001\/lynk-wallet\/orders$/);
});

test('a first path segment containing "wallet" shows the Building! page', async ({ page }) => {
  await signInAs(page, USERS.cashier);
  await expect(page).toHaveURL(/\/1001\/lynk-wallet\/orders$/);
  await page.goto('/my-wallet');
  await expect(page.getByRole('heading', { name: 'Building!' })).toBeVisible();
  await expectAccessible(page);
});

test('the JAM-DEX wallet of a branch without one redirects to its main wallet', async ({ page }) => {
  await signInAs(page, USERS.cashierOchoRios, '/1003/jamdex-wallet');
  await expect(page).toHaveURL(/\/1003\/lynk-wallet\/orders$/);
  await expect(page.getByRole('banner').getByRole('radio', { name: 'JAM-DEX' })).toHaveCount(0);
});

test("another branch's path never shows that branch's data", async ({ page }) => {
  await signInAs(page, USERS.cashier);
  await expect(page).toHaveURL(/\/1001\/lynk-wallet\/orders$/);
  await page.goto('/1002/lynk-wallet/orders');
  // The re-authorization for branch 1002 is refused; the cashier stays in their own branch.
  await expect(page).toHaveURL(/\/1001\/lynk-wallet\/orders$/);
  await expect(page.getByText('Blue Mountain Coffee – Montego Bay')).toHaveCount(0);
});

test('logging out asks for confirmation, signs out, and protected pages then ask to sign in', async ({
  page,
}) => {
  await signInAs(page, USERS.manager);
  await expect(page).toHaveURL(/\/1001\/lynk-wallet\/orders$/);
  await page.getByTestId('profile-menu-button').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to log out?' });
  await expect(dialog).toBeVisible();
  await keepScreenshot(page, 'logout-confirmation');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await page.goto('/1001/lynk-wallet/orders');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await keepScreenshot(page, 'signed-out');
});

test('signed out, the not-found page offers the way back to the login', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: "Looks like you're lost." })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go back to the Login' })).toBeVisible();
  await expectAccessible(page);
});

test('the smartphone layout has a menu toggle that opens the side menu, with the wallet switch', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, USERS.admin);
  await expect(page).toHaveURL(/\/1001\/lynk-wallet\/orders$/);
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  const sideMenu = page.getByRole('navigation', { name: 'Side menu' });
  await expect(sideMenu).toContainText('My wallets');
  await expect(sideMenu.getByText('My wallets')).toBeInViewport({ ratio: 1 });
  await keepScreenshot(page, 'smartphone-menu');
  await expectAccessible(page);
  await sideMenu.getByRole('radiogroup', { name: 'Wallet' }).getByText('JAM-DEX').click();
  await expect(page).toHaveURL(/\/1001\/jamdex-wallet\/payments$/);
});

test('the bell opens a dropdown with the latest notifications, View All and Settings', async ({ page }) => {
  await signInAs(page, USERS.manager);
  await expect(page).toHaveURL(/\/1001\/lynk-wallet\/orders$/);
  await page.getByRole('banner').getByTestId('notification-bell').click();
  const dropdown = page.getByTestId('notification-bell-dropdown');
  await expect(dropdown.getByRole('link', { name: 'View All' })).toBeVisible();
  await expect(dropdown.getByText('Notifications are not available yet in this portal.')).toHaveCount(0);
  await keepScreenshot(page, 'bell-dropdown');
  await page.getByTestId('notification-bell-dropdown').getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/1001\/notifications\/settings$/);
});

test('a batch review with a non-digit id shows the failure modal on the payment history', async ({
  page,
}) => {
  await signInAs(page, USERS.admin, '/1001/lynk-wallet/payment-history/review/abc');
  const failure = page.getByRole('dialog', { name: 'Failure loading the batch transaction details' });
  await expect(failure).toBeVisible();
  await expect(page).toHaveURL(/\/1001\/lynk-wallet\/payment-history$/);
  await expectAccessible(page);
  await failure.getByRole('button', { name: 'Return to Dashboard' }).click();
  await expect(failure).toHaveCount(0);
});

test("two tabs on different branches never show each other's data", async ({ page, context }) => {
  await signInAs(page, USERS.superAdmin, '/1001/lynk-wallet/transfers-history');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Blue Mountain Coffee – Kingston' }),
  ).toBeVisible();
  const footer = page.getByText(/^Showing 1-25 of \d+ entries$/);
  const kingstonTotal = (await footer.innerText()).match(/of (\d+) entries/)?.[1];

  // A second tab moves the one session to another branch.
  const other = await context.newPage();
  await other.goto('/1003/lynk-wallet/transfers-history');
  await expect(
    other.getByRole('heading', { level: 1, name: 'Blue Mountain Coffee – Ocho Rios' }),
  ).toBeVisible();

  // The first tab's next call is refused rather than answered with Ocho Rios' transfers,
  // and the tab re-authorizes for its own branch.
  const refused = page.waitForResponse((response) => response.status() === 409);
  await page.getByRole('button', { name: '2', exact: true }).click();
  // (Its body is gone with the navigation that follows; the API tests read the ORG_MISMATCH code.)
  expect((await refused).request().headers()['x-lynk-org']).toBe('org_1001');
  // One session holds one organization (ADR 006): were the Ocho Rios tab to call again (a refetch
  // on focus), it would take the session back in turn. It has shown its branch; it closes here so
  // the end state below is the first tab's alone (it failed in 1 of 3 full runs otherwise).
  await other.close();
  // The re-authorization is a chain of full-page redirects through the provider; on a loaded
  // two-core machine it has taken longer than the default 10 s wait.
  await expect(page.getByText(new RegExp(`^Showing 26-\\d+ of ${kingstonTotal} entries$`))).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Blue Mountain Coffee – Kingston' }),
  ).toBeVisible();
  const session = await (await page.request.get('/api/session')).json();
  expect(session.org_id).toBe('org_1001');
});
