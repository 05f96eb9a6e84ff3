import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_TOTP_SECRET } from './demo-users.ts';
import { serverNow } from './server-clock.ts';

const STEP_MS = 30_000;
const CLAIMS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results/totp-claims');

/** Forgets the time steps claimed by an earlier run (global setup: each run has a fresh server). */
export async function resetTotpClaims() {
  await rm(CLAIMS, { recursive: true, force: true });
  await mkdir(CLAIMS, { recursive: true });
}

/**
 * A code from the demo authenticator that the server will accept. The server refuses a time step
 * it has already seen for the user (replays), and journeys in two workers sign the same admin in
 * within seconds of each other, which a person never does: each sign-in claims its own step (a
 * file created exclusively, so the workers agree), taking the next one when the current is used,
 * and waits for the clock only when even the step ahead (which the server also accepts) is taken.
 */
export async function claimTotpCode(email: string): Promise<string> {
  for (;;) {
    const current = Math.floor(serverNow() / STEP_MS);
    const taken = (await readdir(CLAIMS))
      .filter((name) => name.startsWith(`${email}@`))
      .map((name) => Number(name.slice(email.length + 1)));
    const step = Math.max(current, ...taken.map((s) => s + 1));
    try {
      await writeFile(path.join(CLAIMS, `${email}@${step}`), '', { flag: 'wx' });
    } catch {
      continue; // another worker claimed it first
    }
    // The time spent waiting for the authenticator's clock is added to the journey's own budget.
    const wait = (step - 1) * STEP_MS - serverNow();
    if (wait > 0) {
      test.info().setTimeout(test.info().timeout + wait + 1_000);
      await new Promise((resolve) => setTimeout(resolve, wait + 100));
    }
    return generate({ secret: DEMO_TOTP_SECRET, epoch: Math.floor((step * STEP_MS + 1_000) / 1000) });
  }
}
