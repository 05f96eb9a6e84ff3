import { hash } from 'node:crypto';

/**
 * How a bearer secret (a session id, a consumer session token, an activation token) is stored and
 * looked up: its SHA-256, so the database never holds a value that opens anything. The one-shot
 * `hash` takes a third of `createHash().update().digest()`'s time, paid on every signed-in request.
 */
export const hashToken = (token: string): string => hash('sha256', token, 'base64url');
