import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { keepScreenshot, signInAs, test } from '../support/fixtures.ts';
import { USERS } from '../support/demo-users.ts';

// ADR 038: a signed-in page arrives with its first screen rendered on the server, and the portal
// takes it over in the browser.
const DASHBOARD = '/1001/lynk-wallet/transfers-history';
const HEADING = 'Blue Mountain Coffee – Kingston';
/** The calls whose answers the page carries: the browser does not make them again. */
const CARRIED = ['/api/session', '/api/profile', '/api/account/v1/accounts'];

const PHONE: BrowserContextOptions = {
  viewport: { width: 412, height: 823 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
};

/** A context signed in as `user` (the manager), with `options` (a phone, scripts off). */
async function signedInContext(
  browser: Browser,
  options: BrowserContextOptions = {},
  user: string = USERS.manager,
) {
  const signIn = await browser.newContext();
  const page = await signIn.newPage();
  await signInAs(page, user, DASHBOARD);
  await expect(page.getByRole('heading', { name: HEADING })).toBeVisible();
  const storageState = await signIn.storageState();
  await signIn.close();
  return browser.newContext({ ...options, storageState });
}

/** Adds up the page's layout shifts from its start (the CLS of a load this short). */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const total = globalThis as unknown as { layoutShift: number };
    total.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) {
        total.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (globalThis as unknown as { layoutShift: number }).layoutShift);
}

/** Holds the page's requests for `pattern` back until the function it answers is called. */
async function holdBack(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Opens the dashboard and follows what the page did: its errors and the calls it made. */
async function openDashboard(page: Page) {
  const errors: string[] = [];
  const calls: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => calls.push(new URL(request.url()).pathname));
  const response = await page.goto(DASHBOARD);
  return { html: (await response?.text()) ?? '', errors, calls };
}

test('with scripts off, a signed-in page still shows its first screen: the frame, the heading, the wallet', async ({
  browser,
}) => {
  const context = await signedInContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(DASHBOARD);
  await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Side menu' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Transfers History' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Transfer' })).toBeVisible();
  await keepScreenshot(page, 'first-screen-without-scripts');
  await context.close();
});

/** Lighthouse's desktop screen: its limit cards are wide enough for the default limit on one line. */
const DESKTOP: BrowserContextOptions = { viewport: { width: 1350, height: 940 } };

test('the portal takes the page over without an error, a layout shift or asking again for what it carries', async ({
  browser,
}) => {
  const context = await signedInContext(browser, DESKTOP);
  const page = await context.newPage();
  const layoutShift = await watchLayoutShifts(page);
  const load = await openDashboard(page);
  expect(load.html).toContain(HEADING);
  // The table follows the screen: it is the browser's, after the page was taken over.
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filter by' })).toBeVisible();
  await page.getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(load.errors).toEqual([]);
  expect(load.calls.filter((path) => CARRIED.includes(path))).toEqual([]);
  // The limits are read after the takeover: their cards are as tall before as after.
  await expect(page.getByTestId('widget-cash-out-limit')).toContainText('used');
  expect(await layoutShift()).toBeLessThan(0.001);
  await context.close();
});

test('a modal whose code comes late opens at once with a loader in it, then its form: nothing moves', async ({
  browser,
}) => {
  const context = await signedInContext(browser, DESKTOP);
  const page = await context.newPage();
  const layoutShift = await watchLayoutShifts(page);
  await openDashboard(page);
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  // The transfer form's code held back: the dialog waits for it with a loader.
  const release = await holdBack(page, '**/assets/transfer-modal-*.js');
  await page.getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByRole('dialog').getByRole('status', { name: 'Loading...' })).toBeVisible();
  release();
  const dialog = page.getByRole('dialog', { name: 'Transfer' });
  await expect(dialog.getByRole('button', { name: 'Confirm transfer' })).toBeVisible();
  await expect(dialog.getByRole('status', { name: 'Loading...' })).toHaveCount(0);
  expect(await layoutShift()).toBeLessThan(0.001);
  await context.close();
});

test('a click made before the portal has taken the page over is answered once it has', async ({
  browser,
}) => {
  const context = await signedInContext(browser, DESKTOP);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The portal's scripts held back: the page as the server rendered it is all there is.
  const release = await holdBack(page, '**/assets/*.js');
  await page.goto(DASHBOARD, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Transfer' }).click();
  // Clicked twice, as someone would when nothing happens: the form opens once all the same.
  await page.getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  release();
  await expect(page.getByRole('dialog', { name: 'Transfer' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  expect(errors).toEqual([]);
  await context.close();
});

test('every table of a wallet tab or staff page switches in after the takeover without moving the page', async ({
  browser,
}) => {
  // The super admin: the corporate view's staff page too, and every branch's staff.
  const context = await signedInContext(browser, DESKTOP, USERS.superAdmin);
  for (const tab of [
    '/1001/lynk-wallet/orders',
    '/1001/lynk-wallet/refunds',
    '/1001/lynk-wallet/payment-history',
    '/1001/jamdex-wallet/payments',
    '/1001/jamdex-wallet/transfers-history',
    '/1001/staff',
    '/staff',
  ]) {
    const page = await context.newPage();
    const layoutShift = await watchLayoutShifts(page);
    await page.goto(tab);
    // Its rows are in: the footer counts them.
    await expect(page.getByText(/^Showing \d+-\d+ of \d+ entries$/)).toBeVisible();
    expect(await layoutShift(), `layout shift of ${tab}`).toBeLessThan(0.001);
    await page.close();
  }
  await context.close();
});

test("on a phone the server renders the phone's layout, which the portal takes over without a shift", async ({
  browser,
}) => {
  const context = await signedInContext(browser, PHONE);
  const page = await context.newPage();
  const layoutShift = await watchLayoutShifts(page);
  const load = await openDashboard(page);
  // The wallet switch is not in a phone's header: it is in the side menu.
  expect(load.html).toContain(HEADING);
  await expect(page.getByRole('banner').getByRole('radiogroup', { name: 'Wallet' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Toggle navigation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filter by' })).toBeVisible();
  expect(load.errors).toEqual([]);
  expect(await layoutShift()).toBeLessThan(0.01);
  await keepScreenshot(page, 'first-screen-phone');
  await context.close();
});
