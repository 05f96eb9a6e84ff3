import type { MerchantProfile } from '@lynk/contract/profile';
import { formatDate, type DisplayPattern } from '@lynk/contract/dates';

/** Spec section 3: a phone matching the US pattern shows as +1 (xxx) xxx-xxxx; anything else as is. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  const looksUs = /^[+]?1?[\s.-]*\(?\d{3}\)?[\s.-]*\d{3}[\s.-]*\d{4}$/.test(phone.trim());
  if (national.length !== 10 || !looksUs) return phone;
  return `+1 (${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

export function formatAddress(address: MerchantProfile['address']): string {
  return [address.address, address.address_2, address.city, address.province, address.country]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(', ');
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    parts.length > 1 ? [parts[0]?.[0], parts[parts.length - 1]?.[0]] : [parts[0]?.[0], parts[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase();
}

/**
 * An API timestamp as the merchant's wall-clock time (Jamaica), "DD/MM/YYYY HH:mm" by default; a
 * value that is not a date is shown as it came rather than failing the row.
 */
export function formatTimestamp(iso: string, pattern: DisplayPattern = 'DD/MM/YYYY HH:mm'): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatDate(date, pattern);
}
