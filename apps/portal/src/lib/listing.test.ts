import { describe, expect, it } from 'vitest';
import { listingSearch, toListingPage } from './listing';

const meta = (count: number, total: number) => ({ count, limit: 25, offset: 0, total });

describe('toListingPage', () => {
  it('uses the total the server counted', () => {
    expect(toListingPage({ result: [1, 2], meta_data: meta(2, 40) })).toEqual({ rows: [1, 2], total: 40 });
  });

  it('uses count as the total when the total is 0 but rows exist (spec section 7)', () => {
    expect(toListingPage({ result: [1, 2, 3], meta_data: meta(3, 0) })).toEqual({
      rows: [1, 2, 3],
      total: 3,
    });
  });

  it('keeps an empty page empty', () => {
    expect(toListingPage({ result: [], meta_data: meta(0, 0) })).toEqual({ rows: [], total: 0 });
  });
});

describe('listingSearch', () => {
  it('sends paging and sort, and the dates only when filtered', () => {
    expect(listingSearch({ offset: 25, limit: 25, sort: 'DESC' })).toEqual({
      offset: 25,
      limit: 25,
      sort: 'DESC',
      from_utc: undefined,
      to_utc: undefined,
    });
    expect(
      listingSearch({ offset: 0, limit: 10, sort: 'ASC', from_utc: '2026-11-01', to_utc: '2026-11-23' }),
    ).toMatchObject({ from_utc: '2026-11-01', to_utc: '2026-11-23' });
  });
});
