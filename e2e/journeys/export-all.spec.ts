import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect } from '@playwright/test';
import { expectAccessible, keepScreenshot, signInAs, test } from '../support/fixtures.ts';
import { USERS } from '../support/demo-users.ts';

test('"Export all" writes every order in the background, shows its progress and downloads it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, USERS.manager, '/1001/lynk-wallet/orders');
  await page.getByRole('button', { name: 'Export all' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export all' });
  await expect(dialog.getByRole('radio', { name: 'Orders' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Everything' })).toBeChecked();
  await expectAccessible(page);
  await keepScreenshot(page, 'export-all-preferences');
  await dialog.getByRole('button', { name: 'Start export' }).click();

  // Last Reports opens on it: waiting or in progress, then ready, read again while it runs.
  const last = page.getByRole('dialog', { name: 'Last Reports' });
  const item = last.getByTestId('background-export').first();
  await expect(item).toContainText('orders_first_to_last.csv');
  await expect(item).toContainText(/Waiting to start|In progress|Ready/);
  await expect(item).toContainText('Ready', { timeout: 60_000 });
  await expect(item).toContainText(/All dates · [\d,]+ rows/);
  await expectAccessible(page);
  await keepScreenshot(page, 'export-all-ready');
  const rows = Number((await item.innerText()).match(/([\d,]+) rows/)![1]!.replaceAll(',', ''));

  const downloading = page.waitForEvent('download');
  await item.getByRole('button', { name: 'Download orders_first_to_last.csv' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('orders_first_to_last.csv');
  const [header, ...records] = parse(await readFile((await download.path())!, 'utf8')) as string[][];
  expect(header![0]).toBe('Table');
  expect(records.length).toBe(rows);
  expect(records.every((record) => record[0] === 'Orders')).toBe(true);

  // Its maker was told: the bell has it, pushed by the server.
  await last.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('banner').getByTestId('notification-bell').click();
  const told = page
    .getByTestId('notification-bell-dropdown')
    .getByRole('button', { name: /Your export is ready/ });
  await expect(told).toBeVisible();
  await expect(told).toContainText('orders_first_to_last.csv');
  await expectAccessible(page);
  await keepScreenshot(page, 'export-all-notification');
});
