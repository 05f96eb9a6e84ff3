import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, needsSecondFactor } from './demo-users.ts';
import { claimTotpCode } from './totp.ts';

/**
 * The journeys' `test`: each fails when a page reports an uncaught error, such as React's report
 * of a page it could not take over from the server's markup (ADR 038).
 */
export const test = base.extend<{ failOnPageErrors: void }>({
  failOnPageErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      context.on('weberror', (error) => errors.push(error.error().message));
      await use();
      expect(errors, 'errors the pages reported').toEqual([]);
    },
    { auto: true },
  ],
});

const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

/** Signs in through the real sign-in page, starting from a protected path as a user would. */
export async function signInAs(page: Page, email: string, startPath = '/') {
  await page.goto(startPath);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (needsSecondFactor(email)) await enterSecondFactor(page, email);
}

/**
 * The code step after the password, for admins and super admins (ADR 030). The server takes a
 * user's time steps in order only: when another worker's sign-in used a later step first, the
 * code is refused as used, and a person would type the next one, as this does.
 */
export async function enterSecondFactor(page: Page, email: string) {
  const heading = page.getByRole('heading', { name: 'Two-step verification' });
  const replayed = page.getByRole('alert').filter({ hasText: 'That code has already been used' });
  await expect(heading).toBeVisible();
  for (let attempt = 1; ; attempt++) {
    await page.getByLabel('Authentication code').fill(await claimTotpCode(email));
    await page.getByRole('button', { name: 'Verify' }).click();
    // Whichever comes first; the other wait is left to end on its own, its outcome unneeded.
    const outcome = (wait: Promise<void>) => wait.catch(() => undefined);
    await Promise.race([
      outcome(heading.waitFor({ state: 'hidden' })),
      outcome(replayed.waitFor({ state: 'visible' })),
    ]);
    if (attempt === 3 || !(await replayed.isVisible())) return;
  }
}

/** Keeps a full-page screenshot of a journey's end state in e2e/screenshots. */
export async function keepScreenshot(page: Page, name: string) {
  await mkdir(screenshots, { recursive: true });
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
}

/** The page as it stands passes axe's WCAG 2.2 AA rules (each violation listed with its elements). */
export async function expectAccessible(page: Page) {
  // axe judges colours as painted: a dialog still fading in reads as low contrast (seen on a busy
  // run). Finite animations end first; a spinner's endless one is not waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const violations = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(violations).toEqual([]);
}
