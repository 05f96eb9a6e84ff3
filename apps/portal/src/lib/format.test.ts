import { describe, expect, it } from 'vitest';
import { formatAddress, formatTimestamp, initials } from './format';

describe('formatAddress', () => {
  it('joins the parts that are not empty', () => {
    expect(
      formatAddress({
        address: '12 Hope Road',
        address_2: ' ',
        city: 'Kingston',
        province: '',
        country: 'Jamaica',
      }),
    ).toBe('12 Hope Road, Kingston, Jamaica');
  });
});

describe('formatTimestamp and initials', () => {
  it('shows an API timestamp in Jamaica time and leaves anything else as it came', () => {
    // 02:30 UTC is 21:30 the evening before in Jamaica (UTC-5, no daylight saving).
    expect(formatTimestamp('2026-11-21T02:30:00.000Z')).toBe('20/11/2026 21:30');
    expect(formatTimestamp('2026-11-21T02:30:00.000Z', 'DD/MM/YYYY')).toBe('20/11/2026');
    expect(formatTimestamp('not a date')).toBe('not a date');
  });

  it('takes the first and last initials', () => {
    expect(initials('Jane Brown')).toBe('JB');
    expect(initials('jane')).toBe('JA');
    expect(initials('Mary Ann Smith')).toBe('MS');
  });
});
