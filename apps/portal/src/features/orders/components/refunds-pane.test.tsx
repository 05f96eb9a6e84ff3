import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { makeListing, makeSession } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { REFUNDS, makeRefund } from '@/test/orders';
import { RefundsPane } from './refunds-pane';

function renderPane(path = '/1001/lynk-wallet/refunds') {
  return renderWithProviders(<RefundsPane />, { path, session: makeSession(2) });
}

describe('RefundsPane', () => {
  it("lists the refunds with the spec's columns", async () => {
    const { requests } = installFakeFetch({
      [`GET ${REFUNDS}`]: {
        body: makeListing([
          makeRefund(1, { external_transaction_id: 'EXT-77' }),
          makeRefund(2, { amount_to_refund: 1000_00 }),
        ]),
      },
    });
    renderPane();
    const table = await screen.findByRole('table', { name: 'Refunds' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Transaction ID', 'Refund ID', 'External Transaction ID', 'From', 'To', 'Date', 'Amount']);
    const first = await within(table).findByRole('row', { name: /RFD-1/ });
    expect(within(first).getByText('1001')).toBeInTheDocument();
    expect(within(first).getByText('EXT-77')).toBeInTheDocument();
    expect(within(first).getByText('Kingston Coffee Co.')).toBeInTheDocument();
    expect(within(first).getByText('@marcia')).toBeInTheDocument();
    expect(within(first).getByText('21/11/2026 10:30')).toBeInTheDocument();
    expect(within(first).getByText('J$250.00')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /RFD-2/ })).toHaveTextContent('J$1,000.00');
    expect(requests[0]?.path).toBe(`${REFUNDS}?offset=0&limit=25&sort=DESC`);
  });

  it("asks for the URL's date filter, sort and page, and shows the empty state", async () => {
    const { requests } = installFakeFetch({ [`GET ${REFUNDS}`]: { body: makeListing([], { total: 0 }) } });
    renderPane('/1001/lynk-wallet/refunds?from=2026-11-01&to=2026-11-02&sort=ASC&page=2');
    expect(await screen.findByText("We're coming up empty")).toBeInTheDocument();
    expect(requests[0]?.path).toBe(
      `${REFUNDS}?offset=25&limit=25&sort=ASC&from_utc=2026-11-01&to_utc=2026-11-02`,
    );
  });
});
