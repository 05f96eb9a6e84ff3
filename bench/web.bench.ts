/**
 * What a user's browser feels on page load: Lighthouse (Debian's Chromium, headless) on the sign-in
 * page and on a signed-in manager's dashboard, with the desktop and the mobile presets, on their
 * analytics page with the mobile preset, and on the
 * customer's pay page of a new payment request, signed out, with the mobile preset (a customer
 * opens it on their phone from a QR code), against the real server (`npm start`'s settings, the
 * built portal, the demo data).
 *
 *   npm run build && npm run bench:web
 *
 * Prints the performance, accessibility and best-practices scores and LCP, TBT, CLS and the bytes
 * transferred; figures go to docs/performance-log.md. CHROME_PATH overrides /usr/bin/chromium;
 * LIGHTHOUSE_REPORTS=<folder> also keeps each full report there (JSON, for the diagnostics).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { writePerformanceSection } from './performance-doc.ts';
import { realServer, signIn } from './real-server.ts';

const MANAGER = 'manager.kingston@bluemountain.example';
const DASHBOARD = '/1001/lynk-wallet/transfers-history';
type Preset = 'desktop' | 'mobile';

/** A payment request of the manager's branch, made as the portal makes one: its pay page's path. */
async function payPage(baseUrl: string, session: { name: string; value: string }): Promise<string> {
  const response = await fetch(`${baseUrl}/api/payment/customer-transactions`, {
    method: 'POST',
    headers: {
      cookie: `${session.name}=${session.value}`,
      'content-type': 'application/json',
      'x-lynk-csrf': '1',
      'x-lynk-org': 'org_1001',
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify({ amount_to_pay: 1_500_00, description: 'Two flat whites' }),
  });
  if (response.status !== 201) throw new Error(`Creating a payment request answered ${response.status}`);
  const { data } = (await response.json()) as { data: { short_url: string } };
  return new URL(data.short_url).pathname;
}

/** The analytics page's charts, below the fold on a phone, are drawn once scrolled into view. */
async function chartsDrawnOnceSeen(page: Page) {
  const charts = await page.waitForSelector('[data-testid="chart-table-count"]');
  await charts!.scrollIntoView();
  await page.waitForSelector('svg.recharts-surface', { timeout: 30_000 });
}

interface Row {
  page: string;
  preset: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  kilobytes: number;
}

const server = await realServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const rows: Row[] = [];
try {
  await server.start();
  const session = await signIn(server.baseUrl, MANAGER);
  // The signed-in pages run with the session cookie in the browser's own jar, as after a sign-in
  // (a Cookie header added by Lighthouse reaches the page but not the portal's own fetches).
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  // Each page with what shows it rendered: a page that failed scores well too (it does little).
  const pages: Array<[string, string, boolean, string, Preset[]]> = [
    // The portal's entry for a visitor without a session lands on the provider's sign-in form.
    ['sign-in', '/auth/login?returnTo=%2F', false, 'form input[type="password"]', ['desktop', 'mobile']],
    [
      'dashboard (manager)',
      DASHBOARD,
      true,
      '[data-testid="transfers-history-table"]',
      ['desktop', 'mobile'],
    ],
    // The analytics page (its charts are drawn once scrolled to, ADR 049: checked below).
    [
      'analytics (manager)',
      '/1001/analytics?period=30d',
      true,
      '[data-testid="chart-table-volume"]',
      ['mobile'],
    ],
    [
      'pay page (signed out)',
      await payPage(server.baseUrl, session),
      false,
      'form[aria-labelledby="pay-sign-in-heading"] input[type="password"]',
      ['mobile'],
    ],
  ];
  for (const [name, path, signedIn, rendered, presets] of pages) {
    for (const preset of presets) {
      // A first visit each time: an empty cache, and the session cookie only where signed in.
      await cdp.send('Network.clearBrowserCache');
      await page.deleteCookie({ name: session.name, url: server.baseUrl });
      if (signedIn) await page.setCookie({ name: session.name, value: session.value, url: server.baseUrl });
      const result = await lighthouse(
        `${server.baseUrl}${path}`,
        {
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          // Lighthouse would otherwise clear the cookie set above before loading the page.
          disableStorageReset: true,
        },
        preset === 'desktop' ? desktopConfig : undefined,
        page,
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${name}`);
      if (!(await page.$(rendered)))
        throw new Error(`${name} did not render (no ${rendered} after the load)`);
      if (name.startsWith('analytics')) await chartsDrawnOnceSeen(page);
      const reports = process.env.LIGHTHOUSE_REPORTS;
      if (reports) {
        await mkdir(reports, { recursive: true });
        const file = `${name.split(' ')[0]}-${preset}.json`;
        await writeFile(join(reports, file), JSON.stringify(result.lhr));
      }
      const { categories, audits } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
      const row: Row = {
        page: name,
        preset,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        lcpMs: value('largest-contentful-paint'),
        tbtMs: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
        kilobytes: value('total-byte-weight') / 1024,
      };
      rows.push(row);
      console.log(
        `${name}, ${preset}: performance ${row.performance}, accessibility ${row.accessibility}, best practices ${row.bestPractices}; LCP ${(row.lcpMs / 1000).toFixed(1)} s, TBT ${row.tbtMs.toFixed(0)} ms, CLS ${row.cls.toFixed(3)}, ${row.kilobytes.toFixed(0)} KB`,
      );
    }
  }
  await browser.disconnect();
} finally {
  chrome.kill();
  await server.stop();
}

const table = [
  '| Page | Preset | Performance | Accessibility | Best practices | LCP | TBT | CLS | Transferred |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    (r) =>
      `| ${r.page} | ${r.preset} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${(r.lcpMs / 1000).toFixed(1)} s | ${r.tbtMs.toFixed(0)} ms | ${r.cls.toFixed(3)} | ${r.kilobytes.toFixed(0)} KB |`,
  ),
].join('\n');
const date = new Date().toISOString().slice(0, 10);
await writePerformanceSection(
  'web-bench',
  `Page loads (\`npm run bench:web\`, ${date}): Lighthouse 12 in Debian's Chromium (headless), its desktop and mobile presets (simulated throttling), against the real server with the built portal and the demo data. Targets (issue 13): dashboard performance ≥ 95 desktop and ≥ 90 mobile with LCP ≤ 2.5 s, best practices and accessibility 100; (issue 32) the pay page on mobile LCP ≤ 2.0 s, best practices and accessibility 100; (issue 36) the analytics page on mobile ≥ 95.\n\n${table}`,
);
process.exit(0);
