import type { Shift, ShiftDetail } from '@lynk/contract/shifts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, type FakeRoutes } from '@/test/fake-fetch';
import { makeListing, makeSession } from '@/test/fixtures';
import { makeOrganization, renderRoutes } from '@/test/render';
import { SHIFTS_PATH } from '../api/get-current-shifts';
import { CashUpPage } from './cash-up-page';
import { ShiftDetailPage } from './shift-detail-page';

const TOTALS = {
  currency: 'JMD' as const,
  payments_count: 2,
  payments: 133_46,
  refunds_count: 1,
  refunds: 5_50,
  net: 127_96,
  by_channel: [
    {
      channel: 'PAYMENT_LINK' as const,
      payments_count: 2,
      payments: 133_46,
      refunds_count: 1,
      refunds: 5_50,
      net: 127_96,
    },
  ],
};

function shift(overrides: Partial<Shift> = {}): Shift {
  return {
    id: null,
    status: 'OPEN',
    cashier_id: 12,
    cashier_name: 'Kerry-Ann Cashier',
    started_at: '2026-11-20T13:00:00.000Z',
    closed_at: null,
    as_of: '2026-11-20T21:00:00.000Z',
    closed_by_name: null,
    reopened_at: null,
    reopened_by_name: null,
    reopen_reason: null,
    totals: TOTALS,
    ...overrides,
  };
}

const CLOSED: ShiftDetail = {
  ...shift({
    id: '41',
    status: 'CLOSED',
    closed_at: '2026-11-20T21:00:00.000Z',
    closed_by_name: 'Kerry-Ann Cashier',
  }),
  entries: [
    {
      kind: 'PAYMENT',
      m_order_id: '100321',
      refund_id: null,
      channel: 'PAYMENT_LINK',
      amount: 123_45,
      at: '2026-11-20T14:00:00.000Z',
    },
    {
      kind: 'REFUND',
      m_order_id: '100321',
      refund_id: '9001',
      channel: 'PAYMENT_LINK',
      amount: 5_50,
      at: '2026-11-20T15:00:00.000Z',
    },
  ],
};

function renderCashUp({ roleId = 3 as 2 | 3, routes = {} as FakeRoutes } = {}) {
  const server = installFakeFetch({
    [`GET ${SHIFTS_PATH}/current`]: { body: { result: [shift()] } },
    [`GET ${SHIFTS_PATH}`]: { body: makeListing([CLOSED]) },
    [`GET ${SHIFTS_PATH}/41`]: { body: { data: CLOSED } },
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: '/:org/cash-up', element: <CashUpPage /> },
      { path: '/:org/cash-up/:id', element: <ShiftDetailPage /> },
    ],
    { path: '/1001/cash-up', session: makeSession(roleId), organization: makeOrganization(), overlays: true },
  );
  return { ...view, ...server };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the Cash-up page', () => {
  it("shows the open shift's running totals to the cent, by channel", async () => {
    renderCashUp();
    const current = await screen.findByTestId('current-shift');
    expect(within(current).getByTestId('shift-payments')).toHaveTextContent('J$133.46');
    expect(within(current).getByTestId('shift-refunds')).toHaveTextContent('J$5.50');
    expect(within(current).getByTestId('shift-net')).toHaveTextContent('J$127.96');
    expect(within(current).getByTestId('shift-count')).toHaveTextContent('2');
    expect(current).toHaveTextContent(/Payment Link.*J\$133\.46 \(2\).*J\$5\.50 \(1\).*J\$127\.96/);
    // A cashier has no cashier to pick.
    expect(screen.queryByRole('combobox', { name: 'Cashier' })).not.toBeInTheDocument();
  });

  it('closes the shift after a confirmation, sending the start it showed', async () => {
    const close = vi.fn(() => ({ status: 201, body: { data: CLOSED } }));
    const { requests } = renderCashUp({ routes: { [`POST ${SHIFTS_PATH}/close`]: close } });
    await userEvent.click(await screen.findByRole('button', { name: 'Close shift' }));
    const dialog = await screen.findByRole('dialog');
    expect(close).not.toHaveBeenCalled();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Close shift' }));
    await waitFor(() => expect(close).toHaveBeenCalledTimes(1));
    const sent = requests.find((r) => r.method === 'POST')!;
    expect(JSON.parse(sent.body!)).toEqual({ cashier_id: 12, started_at: '2026-11-20T13:00:00.000Z' });
    // It goes to the closed shift's page.
    expect(await screen.findByTestId('shift-detail-page')).toBeInTheDocument();
  });

  it('lists past shifts in the table, and a manager picks a cashier', async () => {
    const { requests } = renderCashUp({ roleId: 2 });
    const table = await screen.findByRole('table', { name: 'Past shifts' });
    expect(await within(table).findByRole('row', { name: /Kerry-Ann Cashier/ })).toHaveTextContent(
      /J\$133\.46.*J\$5\.50.*J\$127\.96.*Closed/,
    );
    // No cashier picked: no open shift shown yet, every cashier's past shifts listed.
    expect(screen.queryByTestId('current-shift')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Cashier' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Kerry-Ann Cashier' }));
    expect(await screen.findByTestId('current-shift')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        requests.some((r) => r.path.startsWith(`${SHIFTS_PATH}?`) && r.path.includes('cashier_id=12')),
      ).toBe(true),
    );
  });
});

describe("a shift's page", () => {
  it('shows the orders behind the shift, and offers a manager Reopen with a required reason', async () => {
    const reopen = vi.fn(() => ({
      status: 200,
      body: { data: { ...CLOSED, status: 'REOPENED', reopen_reason: 'Short J$40' } },
    }));
    const { requests } = renderCashUp({ roleId: 2, routes: { [`POST ${SHIFTS_PATH}/41/reopen`]: reopen } });
    await userEvent.click(
      await screen
        .findByTestId('shifts-table')
        .then((t) => within(t).findByRole('button', { name: /View details/ })),
    );
    const entries = await screen.findByRole('table', { name: 'Payments and refunds of this shift' });
    expect(within(entries).getAllByRole('row')).toHaveLength(3);
    expect(entries).toHaveTextContent(/Payment.*100321.*Payment Link.*J\$123\.45/);
    expect(entries).toHaveTextContent(/Refund.*100321.*−J\$5\.50/);

    await userEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    const reopenIn = async () =>
      within(await screen.findByRole('dialog')).findByRole('button', { name: 'Reopen' });
    await userEvent.click(await reopenIn());
    expect(await screen.findByText('A reason is required to reopen a shift.')).toBeInTheDocument();
    expect(reopen).not.toHaveBeenCalled();
    await userEvent.type(await screen.findByRole('textbox', { name: /Reason/ }), 'Short J$40');
    await userEvent.click(await reopenIn());
    await waitFor(() => expect(reopen).toHaveBeenCalledTimes(1));
    expect(JSON.parse(requests.find((r) => r.method === 'POST')!.body!)).toEqual({ reason: 'Short J$40' });
  }, 20_000);

  it('offers a cashier no Reopen', async () => {
    renderCashUp({ roleId: 3 });
    await userEvent.click(
      await screen
        .findByTestId('shifts-table')
        .then((t) => within(t).findByRole('button', { name: /View details/ })),
    );
    await screen.findByRole('button', { name: 'Download CSV' });
    expect(screen.queryByRole('button', { name: 'Reopen' })).not.toBeInTheDocument();
  }, 20_000);
});
