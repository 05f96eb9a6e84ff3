import { expect } from '@playwright/test';
import { USERS } from '../support/demo-users.ts';
import { signInAs, test } from '../support/fixtures.ts';

// Against the running product. The idle timeout and the sign-in throttles are proven over a real
// socket in the API's own tests (they age database rows and spend an address's sign-in budget,
// which this shared server's other journeys need).

test('a percent-encoded logout address is refused and the session lives on', async ({ page }) => {
  await signInAs(page, USERS.cashier);
  await expect(page).toHaveURL(/\/1001\/lynk-wallet\/orders$/);
  // No CSRF header: the plain address would answer 403; the disguised one must not slip past.
  const disguised = await page.request.post('/%61uth/logout');
  expect(disguised.status()).toBe(400);
  expect(await disguised.json()).toEqual({
    code: 'BAD_REQUEST',
    message: 'The first segment of the address must not be percent-encoded.',
  });
  expect((await page.request.post('/auth/logout')).status()).toBe(403);
  expect((await page.request.get('/api/session')).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
});

test('after a logout, the sign-in asks for the password even though the browser skipped the provider', async ({
  page,
}) => {
  await signInAs(page, USERS.manager);
  await expect(page).toHaveURL(/\/1001\/lynk-wallet\/orders$/);
  // The portal is left first: once signed out, its notification stream ends and it would go to the
  // sign-in by itself, racing the visit below.
  await page.goto('about:blank');
  // Signed out by the API alone, as when the provider's sign-out page is never reached.
  const out = await page.request.post('/auth/logout', { headers: { 'x-lynk-csrf': '1' } });
  expect(out.status()).toBe(200);
  await page.goto('/auth/login?returnTo=%2F1001%2Flynk-wallet%2Forders');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Password')).toBeEmpty();
  expect((await page.request.get('/api/session')).status()).toBe(401);
});

test('a live session switches branch without the password', async ({ page }) => {
  await signInAs(page, USERS.superAdmin);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
  await page.goto('/auth/login?org=org_1002&returnTo=%2F1002%2Flynk-wallet');
  await expect(page).toHaveURL(/\/1002\/lynk-wallet/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
  expect(await (await page.request.get('/api/session')).json()).toMatchObject({ org_id: 'org_1002' });
});

test('answers under /api and /auth are never stored, errors included', async ({ request }) => {
  for (const path of [
    '/api/session',
    '/api/nothing-here',
    '/auth/nothing-here',
    '/auth/login?returnTo=%2F',
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.headers()['cache-control'], path).toBe('no-store');
  }
});

test('malformed addresses answer 400 with the error shape', async ({ request }) => {
  for (const path of ['/%ff', '/api/%ff']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(400);
    expect(await response.json()).toEqual({ code: 'BAD_REQUEST', message: 'The address is not valid.' });
  }
});

test('the dashboard runs within the content security policy: nothing asks to evaluate strings', async ({
  page,
}) => {
  // The browser reports each refusal as a securitypolicyviolation event, even when the page's
  // script catches the error it throws (as a library's feature probe does).
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  await signInAs(page, USERS.manager, '/1001/lynk-wallet/transfers-history');
  await expect(page.getByTestId('transfers-history-table')).toBeVisible();
  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual(
    [],
  );
});
