import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium, never a downloaded browser; the flags keep it off the (closed) network.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './journeys',
  outputDir: './test-results',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /(two-factor|audit-log|cash-up)\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // Move money out of a branch whose balance other journeys check to the cent (a transfer, a
    // refund): after them.
    {
      name: 'after-balances',
      testMatch: /(audit-log|cash-up)\.spec\.ts/,
      dependencies: ['desktop'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // Moves the server's clock (a stale second factor): after every other journey, on its own.
    {
      name: 'two-factor',
      testMatch: /two-factor\.spec\.ts/,
      dependencies: ['after-balances'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
});
