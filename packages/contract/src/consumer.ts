import { z } from 'zod/mini';
import { centsSchema } from './money.ts';

/**
 * The customer's side (`/api/consumer-auth` and the pay page's calls): wallet users of Lynk who
 * pay a merchant's payment request. Their session is a cookie of its own, never the staff one.
 */

/** POST /api/consumer-auth/sign-in */
export const consumerSignInSchema = z.strictObject({
  email: z.string().check(z.trim(), z.toLowerCase(), z.email('Please input a valid email'), z.maxLength(254)),
  password: z.string().check(z.minLength(1, 'Please enter your password'), z.maxLength(200)),
});
export type ConsumerSignIn = z.infer<typeof consumerSignInSchema>;

/** The sign-in's answer (and the session's): who is paying, and with how much. */
const consumerSchema = z.object({
  /** The customer's Lynk ID, `@handle`. */
  lynk_id: z.string(),
  display_name: z.string(),
  /** The J$ wallet's balance, in cents. */
  balance: centsSchema,
});
export type Consumer = z.infer<typeof consumerSchema>;
export const consumerResponseSchema = z.object({ data: consumerSchema });
/**
 * GET /api/consumer-auth/session: the signed-in customer, or `null` when nobody is. Nobody is the
 * usual answer on a pay page opened from a QR code, so it is an answer (200), not an error: a 401
 * would be a failed request in every customer's browser console.
 */
export const consumerSessionResponseSchema = z.object({ data: z.nullable(consumerSchema) });

/** The customer's session cookie: HttpOnly, SameSite=Lax, `__Host-` prefixed over https. */
export const CONSUMER_COOKIE = 'lynk_consumer';
/** A customer's session ends after this long without a call. */
export const CONSUMER_SESSION_IDLE_MINUTES = 15;

/** The customer-facing texts of the pay page's sign-in. */
export const CONSUMER_MESSAGES = {
  signInFailed: 'The email or password is not right.',
  signedOut: 'Please sign in to your Lynk wallet to pay.',
  walletClosed: 'This Lynk wallet is closed: it cannot pay or decline payment requests.',
} as const;
