import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The journeys' server reads its clock offset from this file (TEST_CLOCK_FILE): moving it makes a
 * second factor stale without waiting 15 minutes. Only the two-factor journey moves it, and it
 * runs after every other journey (see playwright.config.ts).
 */
export const SERVER_CLOCK_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../test-results/server-clock.txt',
);

let offsetMs = 0;

export function setServerClockOffset(ms: number) {
  offsetMs = ms;
  writeFileSync(SERVER_CLOCK_FILE, String(ms));
}

/** The server's time as its session rules see it (for the codes a journey types). */
export function serverNow(): number {
  return Date.now() + offsetMs;
}
