import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { listingQuery, readDateRange, useListingParams } from './use-listing-params';

function QueryProbe() {
  const { query } = useListingParams();
  return <output data-testid="query">{JSON.stringify(query)}</output>;
}

function queryAt(path: string) {
  cleanup();
  renderWithProviders(<QueryProbe />, { path });
  return JSON.parse(screen.getByTestId('query').textContent ?? '{}') as Record<string, unknown>;
}

describe('useListingParams', () => {
  it('turns the URL into the listing query', () => {
    expect(queryAt('/list?from=2026-11-01&to=2026-11-23&sort=ASC&page=2')).toEqual({
      offset: 25,
      limit: 25,
      sort: 'ASC',
      from_utc: '2026-11-01',
      to_utc: '2026-11-23',
    });
  });

  it('starts on the first page, newest first, without dates', () => {
    expect(queryAt('/list')).toEqual({ offset: 0, limit: 25, sort: 'DESC' });
  });

  it('asks for 10 a page on a smartphone', () => {
    window.innerWidth = 375;
    expect(queryAt('/list?page=3')).toEqual({ offset: 20, limit: 10, sort: 'DESC' });
  });

  it('falls back to the defaults for anything unreadable in a hand-edited link', () => {
    expect(queryAt('/list?page=-2&sort=sideways&from=2026-02-31&to=2026-03-01')).toEqual({
      offset: 0,
      limit: 25,
      sort: 'DESC',
    });
    expect(queryAt('/list?page=abc&from=2026-11-23&to=2026-11-01')).toEqual({
      offset: 0,
      limit: 25,
      sort: 'DESC',
    });
  });
});

describe('readDateRange and listingQuery', () => {
  it('needs both ends, real days, in order', () => {
    expect(readDateRange('2026-11-01', null)).toBeNull();
    expect(readDateRange('2026-11-01', '2026-11-01')).toEqual({ from: '2026-11-01', to: '2026-11-01' });
    expect(readDateRange('01/11/2026', '2026-11-02')).toBeNull();
  });

  it('computes the offset from the 1-based page', () => {
    expect(listingQuery(4, 10, 'DESC', null)).toEqual({ offset: 30, limit: 10, sort: 'DESC' });
  });
});
