import { describe, expect, it } from 'vitest';
import { formatAddress, formatPhone, initials, truncate } from './format';

describe('formatPhone', () => {
  it('formats a US-pattern number as +1 (xxx) xxx-xxxx', () => {
    expect(formatPhone('8765551234')).toBe('+1 (876) 555-1234');
    expect(formatPhone('1-876-555-1234')).toBe('+1 (876) 555-1234');
    expect(formatPhone('(876) 555 1234')).toBe('+1 (876) 555-1234');
  });

  it('shows anything else as is', () => {
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhone('555-1234')).toBe('555-1234');
  });
});

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

describe('truncate and initials', () => {
  it('cuts long texts and keeps short ones', () => {
    expect(truncate('Downtown Kingston Branch', 20)).toBe('Downtown Kingston Br…');
    expect(truncate('Short', 20)).toBe('Short');
  });

  it('takes the first and last initials', () => {
    expect(initials('Jane Brown')).toBe('JB');
    expect(initials('jane')).toBe('JA');
    expect(initials('Mary Ann Smith')).toBe('MS');
  });
});
