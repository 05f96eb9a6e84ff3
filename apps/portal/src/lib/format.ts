import type { MerchantProfile } from '@lynk/contract/profile';
import { formatDate, type DisplayPattern } from '@lynk/contract/dates';

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
