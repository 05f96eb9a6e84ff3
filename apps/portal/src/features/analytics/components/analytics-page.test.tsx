import type { ChainAnalytics } from '@lynk/contract/analytics';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analytics, DAYS, day, figures, wallet } from '@/test/analytics';
import { installFakeFetch, type FakeRoutes } from '@/test/fake-fetch';
import { makeSession } from '@/test/fixtures';
import { makeOrganization, renderRoutes } from '@/test/render';
import { ANALYTICS_PATH } from '../api/get-analytics';
import { AnalyticsPage, ChainAnalyticsPage } from './analytics-page';

// 10:00 in Kingston on Thursday 26 November 2026 (15:00 UTC): "7 days" is 20–26 November.
const NOW = new Date('2026-11-26T15:00:00.000Z');

const JAM_DEX = wallet({
  current: figures({ payments_count: 2, payments: 5_000_00, net: 5_000_00, average_ticket: 2_500_00 }),
  previous: figures(),
  by_channel: [],
  by_cashier: [],
  top_payers: [{ payer: 'wallet-7781', payments_count: 2, payments: 5_000_00 }],
});

/** Answers every period with `answer(from, to)`, recording what was asked. */
function analyticsRoute(path: string, answer: (from: string, to: string) => unknown) {
  return (request: Request) => {
    const url = new URL(request.url);
    const from = url.searchParams.get('from') ?? '';
    const to = url.searchParams.get('to') ?? '';
    return { body: { data: answer(from, to) } };
  };
}

function renderAnalytics({
  roleId = 1 as 1 | 2 | 3 | 4 | 5,
  path = '/1001/analytics',
  routes = {} as FakeRoutes,
  answer = (from: string, to: string): unknown => analytics({ from, to }),
} = {}) {
  const server = installFakeFetch({
    [`GET ${ANALYTICS_PATH}`]: analyticsRoute(ANALYTICS_PATH, answer),
    ...routes,
  });
  const view = renderRoutes([{ path: '/:org/analytics', element: <AnalyticsPage /> }], {
    path,
    session: makeSession(roleId),
    organization: makeOrganization(),
    overlays: true,
  });
  return { ...view, ...server };
}

const analyticsRequests = (requests: { path: string }[]) =>
  requests.filter((request) => request.path.startsWith(ANALYTICS_PATH)).map((request) => request.path);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the Analytics page', () => {
  it("asks for the last 7 Jamaica days and shows the period's figures, each against the period before", async () => {
    const { requests } = renderAnalytics();
    const jmd = await screen.findByTestId('figures-jmd');
    expect(analyticsRequests(requests)).toEqual([`${ANALYTICS_PATH}?from=2026-11-20&to=2026-11-26`]);
    expect(within(jmd).getByRole('heading', { name: 'Lynk wallet (J$)' })).toBeInTheDocument();
    const figure = (id: string) => [
      within(jmd).getByTestId(`${id}-value`).textContent,
      within(jmd).getByTestId(`${id}-change`).textContent,
    ];
    expect(figure('figure-gross')).toEqual(['J$1,125.00', '+12.5 % vs previous period']);
    expect(figure('figure-refunds')).toEqual(['J$28.13', '+34.0 % vs previous period']);
    expect(figure('figure-net')).toEqual(['J$1,096.87', '+12.0 % vs previous period']);
    expect(figure('figure-count')).toEqual(['9', '+12.5 % vs previous period']);
    expect(figure('figure-average')).toEqual(['J$125.00', 'No change vs previous period']);
    expect(figure('figure-refund-rate')).toEqual(['2.5 %', '+0.4 pts vs previous period']);
    expect(screen.getByTestId('period-summary')).toHaveTextContent(
      '20/11/2026 – 26/11/2026, compared with 13/11/2026 – 19/11/2026',
    );
    // "7 days" is the period shown.
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('splits the period by channel and by cashier and lists the top payers', async () => {
    renderAnalytics();
    const channels = await screen.findByRole('table', { name: 'By channel' });
    const channelRows = within(channels)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(channelRows).toEqual([
      'Payment LinkJ$900.006J$28.13J$871.87',
      'Scan And PayJ$225.003J$0.00J$225.00',
    ]);
    const cashiers = screen.getByRole('table', { name: 'By cashier' });
    expect(within(cashiers).getByRole('rowheader', { name: 'Kerry-Ann Cashier' })).toBeInTheDocument();
    expect(within(cashiers).getByRole('rowheader', { name: 'Customer (no cashier)' })).toBeInTheDocument();
    const payers = screen.getByRole('table', { name: 'Top 5 payers' });
    expect(
      within(payers)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Marcia Campbell', 'Devon Brown']);
  });

  it("puts each chart's figures in a table for screen readers, day by day", async () => {
    renderAnalytics();
    const volume = await screen.findByRole('table', { name: 'Volume by day, as a table' });
    const rows = within(volume).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(7);
    expect(rows[0]).toHaveTextContent('20/11/2026J$0.00');
    expect(rows[6]).toHaveTextContent('26/11/2026J$1,125.00');
    const count = screen.getByRole('table', { name: 'Number of payments by day, as a table' });
    expect(within(count).getAllByRole('row')[7]).toHaveTextContent('26/11/20269');
  });

  it('asks for another period when one is picked, and keeps it in the address', async () => {
    const { requests, router } = renderAnalytics({
      answer: (from, to) =>
        analytics({
          from,
          to,
          granularity: from === to ? 'HOUR' : 'DAY',
          jmd: wallet({
            series:
              from === to
                ? [
                    day(from, { payments_count: 1, payments: 10_00 }),
                    { ...day(from), start: `${from}T06:00:00.000Z` },
                  ]
                : wallet().series,
          }),
        }),
    });
    await screen.findByTestId('figures-jmd');

    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() =>
      expect(analyticsRequests(requests)).toContain(`${ANALYTICS_PATH}?from=2026-11-26&to=2026-11-26`),
    );
    expect(router.state.location.search).toBe('?period=today');
    expect(screen.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    // One day is shown hour by hour, in Jamaica time.
    const volume = await screen.findByRole('table', { name: 'Volume by hour, as a table' });
    expect(within(volume).getByRole('columnheader', { name: 'Hour' })).toBeInTheDocument();
    expect(within(volume).getAllByRole('row')[1]).toHaveTextContent('26/11/2026 00:00J$10.00');
    expect(within(volume).getAllByRole('row')[2]).toHaveTextContent('26/11/2026 01:00');

    await userEvent.click(screen.getByRole('button', { name: '30 days' }));
    await waitFor(() =>
      expect(analyticsRequests(requests)).toContain(`${ANALYTICS_PATH}?from=2026-10-28&to=2026-11-26`),
    );
    await userEvent.click(screen.getByRole('button', { name: 'This month' }));
    await waitFor(() =>
      expect(analyticsRequests(requests)).toContain(`${ANALYTICS_PATH}?from=2026-11-01&to=2026-11-26`),
    );
    expect(router.state.location.search).toBe('?period=month');
  });

  it('reads a custom period from the address, and takes a new one from the Custom dates', async () => {
    const { requests, router } = renderAnalytics({
      path: '/1001/analytics?period=custom&from=2026-01-01&to=2026-03-31',
    });
    await screen.findByTestId('figures-jmd');
    expect(analyticsRequests(requests)).toEqual([`${ANALYTICS_PATH}?from=2026-01-01&to=2026-03-31`]);
    expect(screen.getByRole('button', { name: 'Custom' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Custom' }));
    const dialog = await screen.findByRole('dialog', { name: 'Custom period' });
    const start = within(dialog).getByRole('textbox', { name: /start date/i });
    const end = within(dialog).getByRole('textbox', { name: /end date/i });
    expect(start).toHaveValue('01/01/2026');
    await userEvent.clear(start);
    await userEvent.type(start, '01112025');
    await userEvent.clear(end);
    await userEvent.type(end, '15112025');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(analyticsRequests(requests)).toContain(`${ANALYTICS_PATH}?from=2025-11-01&to=2025-11-15`),
    );
    expect(router.state.location.search).toBe('?period=custom&from=2025-11-01&to=2025-11-15');
  });

  it('refuses a custom period longer than the API takes (Apply stays disabled, with the reason)', async () => {
    renderAnalytics();
    await screen.findByTestId('figures-jmd');
    await userEvent.click(screen.getByRole('button', { name: 'Custom' }));
    const dialog = await screen.findByRole('dialog', { name: 'Custom period' });
    const start = within(dialog).getByRole('textbox', { name: /start date/i });
    await userEvent.clear(start);
    await userEvent.type(start, '01012025');
    await userEvent.tab();
    expect(await within(dialog).findByText('A period can be at most 366 days.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it('shows the JAM-DEX wallet beside the J$ one when the merchant has one, and hides it when null', async () => {
    renderAnalytics({ answer: (from, to) => analytics({ from, to, jam_dex: JAM_DEX }) });
    const jamDex = await screen.findByTestId('figures-jam-dex');
    expect(within(jamDex).getByRole('heading', { name: 'JAM-DEX wallet' })).toBeInTheDocument();
    expect(within(jamDex).getByTestId('figure-gross-value')).toHaveTextContent('J$5,000.00');
    expect(within(jamDex).getByTestId('figure-gross-change')).toHaveTextContent(
      'None in the previous period',
    );
    const volume = screen.getByRole('table', { name: 'Volume by day, as a table' });
    expect(within(volume).getByRole('columnheader', { name: 'JAM-DEX wallet' })).toBeInTheDocument();
  });

  it('has no JAM-DEX figures when the server sends none', async () => {
    renderAnalytics();
    await screen.findByTestId('figures-jmd');
    expect(screen.queryByTestId('figures-jam-dex')).not.toBeInTheDocument();
    expect(screen.queryByText('JAM-DEX wallet')).not.toBeInTheDocument();
  });

  it('shows a cashier the figures of their own orders: no JAM-DEX, no cashier split, no payers', async () => {
    const own = wallet({
      top_payers: null,
      by_cashier: [wallet().by_cashier[0]!],
    });
    renderAnalytics({ roleId: 3, answer: (from, to) => analytics({ from, to, jmd: own, jam_dex: null }) });
    expect(await screen.findByTestId('own-orders-only')).toHaveTextContent(
      'The figures of the payments you took.',
    );
    expect(screen.getByTestId('figures-jmd')).toBeInTheDocument();
    expect(screen.queryByTestId('figures-jam-dex')).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'By cashier' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Top 5 payers' })).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'By channel' })).toBeInTheDocument();
  });

  it('says when the period had no payments', async () => {
    const none = wallet({
      current: figures(),
      series: DAYS.map((date) => day(date)),
      by_channel: [],
      by_cashier: [],
      top_payers: [],
    });
    renderAnalytics({ answer: (from, to) => analytics({ from, to, jmd: none }) });
    expect(await screen.findByTestId('analytics-empty')).toHaveTextContent('No payments in this period');
    expect(screen.queryByTestId('figures-jmd')).not.toBeInTheDocument();
  });

  it("shows the server's error with a way to try again", async () => {
    let fail = true;
    renderAnalytics({
      routes: {
        [`GET ${ANALYTICS_PATH}`]: (request) => {
          if (fail) return { status: 500, body: { code: 'INTERNAL', message: 'Something went wrong.' } };
          const url = new URL(request.url);
          return {
            body: {
              data: analytics({ from: url.searchParams.get('from')!, to: url.searchParams.get('to')! }),
            },
          };
        },
      },
    });
    const alert = await screen.findByRole('alert');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('figures-jmd')).toBeInTheDocument();
  });

  it('asks again every minute while the period includes today, and not for a past period', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
    const { requests, unmount } = renderAnalytics();
    await screen.findByTestId('figures-jmd');
    vi.advanceTimersByTime(60_000);
    await waitFor(() => expect(analyticsRequests(requests)).toHaveLength(2));
    unmount();

    const past = renderAnalytics({ path: '/1001/analytics?period=custom&from=2026-10-01&to=2026-10-31' });
    await screen.findByTestId('figures-jmd');
    vi.advanceTimersByTime(120_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(analyticsRequests(past.requests)).toHaveLength(1);
  });

  it('is not for a user without the analytics gate', async () => {
    const { requests } = renderAnalytics({ roleId: 5 });
    expect(await screen.findByText("You don't have permissions to view this page.")).toBeInTheDocument();
    expect(analyticsRequests(requests)).toEqual([]);
  });
});

describe('the chain analytics page (corporate view)', () => {
  const CHAIN: ChainAnalytics = {
    ...analytics({ jam_dex: JAM_DEX }),
    branches: [
      {
        merchant_id: 1002,
        name: 'Blue Mountain Kingston',
        jmd: figures({
          payments_count: 6,
          payments: 800_00,
          refunds_count: 1,
          refunds: 28_13,
          net: 771_87,
          average_ticket: 133_33,
          refund_rate_bp: 352,
        }),
        jam_dex: figures({ payments_count: 2, payments: 5_000_00, net: 5_000_00, average_ticket: 2_500_00 }),
      },
      {
        merchant_id: 1003,
        name: 'Blue Mountain Montego Bay',
        jmd: figures({ payments_count: 3, payments: 325_00, net: 325_00, average_ticket: 108_33 }),
        jam_dex: null,
      },
    ],
  };

  it("asks for the chain's figures and shows them, then branch by branch", async () => {
    const server = installFakeFetch({
      [`GET ${ANALYTICS_PATH}/chain`]: analyticsRoute(ANALYTICS_PATH, () => CHAIN),
    });
    renderRoutes([{ path: '/analytics', element: <ChainAnalyticsPage /> }], {
      path: '/analytics',
      session: makeSession(4),
      organization: makeOrganization({ corporate: true }),
    });
    const jmd = await screen.findByTestId('figures-jmd');
    expect(screen.getByRole('heading', { name: 'Analytics of the chain' })).toBeInTheDocument();
    expect(analyticsRequests(server.requests)).toEqual([
      `${ANALYTICS_PATH}/chain?from=2026-11-20&to=2026-11-26`,
    ]);
    expect(within(jmd).getByTestId('figure-gross-value')).toHaveTextContent('J$1,125.00');
    expect(screen.getByTestId('figures-jam-dex')).toBeInTheDocument();
    const branches = screen.getByRole('table', { name: 'By branch' });
    const rows = within(branches).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Blue Mountain KingstonJ$800.006J$28.13J$771.87J$133.333.5 %J$5,000.00',
      'Blue Mountain Montego BayJ$325.003J$0.00J$325.00J$108.330.0 %—',
    ]);
  });
});
