import { expect, type Page } from '@playwright/test';
import { expectAccessible, keepScreenshot, signInAs, test } from '../support/fixtures.ts';
import { USERS } from '../support/demo-users.ts';

async function tabNames(page: Page) {
  const tabs = page.getByRole('tablist', { name: 'Wallet sections' }).getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  return tabs.allInnerTexts();
}

async function profileMenuItems(page: Page) {
  await page.getByTestId('profile-menu-button').click();
  const items = page.getByRole('menuitem');
  await expect(items.first()).toBeVisible();
  const names = (await items.allInnerTexts()).map((t) => t.trim());
  await page.keyboard.press('Escape');
  return names;
}

test('a cashier lands on the orders tab of their branch and sees only what a cashier may', async ({
  page,
}) => {
  await signInAs(page, USERS.cashier);
  await expect(page).toHaveURL(/\/1001\/lynk-wallet\/orders$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Blue Mountain Coffee – Kingston' }),
  ).toBeVisible();
  expect(await tabNames(page)).toEqual(['Orders']);
  expect(await profileMenuItems(page)).toEqual(['My Profile', 'Customer Support', 'Logout']);
  await keepScreenshot(page, 'cashier-orders');
  await expectAccessible(page);
});

test('a manager sees orders, transfers, refunds and payment history, without staff', async ({ page }) => {
  await signInAs(page, USERS.manager);
  await expect(page).toHaveURL(/\/1001\/lynk-wallet\/orders$/);
  expect(await tabNames(page)).toEqual(['Orders', 'Transfers History', 'Refunds', 'Payment History']);
  expect(await profileMenuItems(page)).toEqual(['My Profile', 'Customer Support', 'Logout']);
  await page.getByRole('tab', { name: 'Refunds' }).click();
  await expect(page).toHaveURL(/\/1001\/lynk-wallet\/refunds$/);
  await keepScreenshot(page, 'manager-refunds');
  await expectAccessible(page);
});

test('an admin of a JAM-DEX branch gets the staff menu and the wallet toggle', async ({ page }) => {
  await signInAs(page, USERS.admin);
  await expect(page).toHaveURL(/\/1001\/lynk-wallet\/orders$/);
  expect(await tabNames(page)).toEqual(['Orders', 'Transfers History', 'Refunds', 'Payment History']);
  expect(await profileMenuItems(page)).toEqual(['My Profile', 'Staff', 'Customer Support', 'Logout']);

  await page.getByRole('banner').getByRole('radiogroup', { name: 'Wallet' }).getByText('JAM-DEX').click();
  await expect(page).toHaveURL(/\/1001\/jamdex-wallet\/payments$/);
  const jamdexTabs = page.getByRole('tablist', { name: 'Wallet sections' }).getByRole('tab');
  await expect(jamdexTabs).toHaveText(['Payments', 'Transfers History']);
  await keepScreenshot(page, 'admin-jamdex');

  await page.getByTestId('profile-menu-button').click();
  await page.getByRole('menuitem', { name: 'Staff' }).click();
  await expect(page).toHaveURL(/\/1001\/staff$/);
  await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible();
});

test('a super admin lands on the corporate view and launches a branch without signing in again', async ({
  page,
}) => {
  await signInAs(page, USERS.superAdmin);
  await expect(page).toHaveURL(/\/$/);
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table).toContainText('Blue Mountain Coffee – Ocho Rios');
  expect(await profileMenuItems(page)).toEqual(['Logout']);
  await expect(page.getByRole('banner').getByRole('radio', { name: 'JAM-DEX' })).toHaveCount(0);
  // Spec section 2: no branch name heading on "/".
  await expect(page.getByTestId('branch-heading')).toHaveCount(0);
  await keepScreenshot(page, 'super-admin-corporate');

  await table
    .getByRole('row', { name: /Montego Bay/ })
    .getByRole('button', { name: /^Launch/ })
    .click();
  await expect(page).toHaveURL(/\/1002\/lynk-wallet\/orders$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Blue Mountain Coffee – Montego Bay' }),
  ).toBeVisible();
  expect(await tabNames(page)).toEqual(['Orders', 'Transfers History', 'Refunds', 'Payment History']);
  await keepScreenshot(page, 'super-admin-branch');
  await expectAccessible(page);
});

test('a user without permissions sees the Access Denied page', async ({ page }) => {
  await signInAs(page, USERS.noAccess);
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have permissions to view this page.")).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await keepScreenshot(page, 'no-access');
  await expectAccessible(page);
});
