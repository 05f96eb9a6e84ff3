import { expect } from '@playwright/test';
import { expectAccessible, keepScreenshot, signInAs, test } from '../support/fixtures.ts';
import { PARENT_WALLET_CENTS, USERS } from '../support/demo-users.ts';
import { centsFromText } from '../support/money.ts';

test('the corporate view: one h1, the combined balance of the branches, and their limits', async ({
  page,
}) => {
  await signInAs(page, USERS.superAdmin);
  const table = page.getByRole('table', { name: 'Branch Accounts' });
  await expect(table.getByRole('row')).toHaveCount(4);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(['Corporate dashboard']);
  await expect(page.getByRole('heading', { name: 'Branch Accounts', level: 2 })).toBeVisible();

  // The combined balance is the parent's own main wallet plus its branches'.
  const branchCents = (await table.getByRole('cell', { name: /^J\$/ }).allInnerTexts()).map(centsFromText);
  const widget = page.getByTestId('widget-combined-balance');
  await widget.getByRole('button', { name: 'Show balance' }).click();
  await expect(widget.getByTestId('balance-amount')).toContainText(/\d/);
  expect(centsFromText(await widget.getByTestId('balance-amount').innerText())).toBe(
    branchCents.reduce((sum, cents) => sum + cents, PARENT_WALLET_CENTS),
  );

  // Newest branch first; the date column's header flips the order.
  const firstBranch = table.getByRole('row').nth(1);
  await expect(firstBranch).toContainText('Ocho Rios');
  await table.getByRole('button', { name: /Date joined/ }).click();
  await expect(firstBranch).toContainText('Kingston');
  await expect(page).toHaveURL(/sort=ASC/);
  await expect(page.getByTestId('widget-branch-limit-ACH_CASHOUT').getByRole('progressbar')).toBeVisible();
  await keepScreenshot(page, 'corporate-desktop');
});

test('on a smartphone the corporate widgets are two mini carousels, the branches are cards, and axe passes', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, USERS.superAdmin);
  await expect(page.getByRole('list', { name: 'Branch Accounts' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Balances' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Branch limits' })).toBeVisible();
  // The limits row scrolls sideways and holds no control: its cards must be reachable by keyboard.
  await expectAccessible(page);
  await keepScreenshot(page, 'corporate-smartphone');
});
