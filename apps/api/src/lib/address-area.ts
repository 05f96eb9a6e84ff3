/**
 * The server's own areas of addresses, by an address's first segment; any other address belongs
 * to the portal (its pages and its files). One list, so that the rate limits, the no-store rule
 * and the portal's page fallback cannot disagree about what an address is.
 */
const SERVER_AREAS = ['api', 'auth', 'oidc', 'oidc-assets', 'healthz', 'readyz', 'metrics'] as const;

export type AddressArea = (typeof SERVER_AREAS)[number] | 'portal';

const serverAreas: ReadonlySet<string> = new Set(SERVER_AREAS);
const FIRST_SEGMENT = /^\/([^/?]*)/;

/** The area of a request's address (`request.url`: its path and query, as sent). */
export function addressArea(url: string): AddressArea {
  const segment = FIRST_SEGMENT.exec(url)?.[1];
  return segment !== undefined && serverAreas.has(segment) ? (segment as AddressArea) : 'portal';
}
