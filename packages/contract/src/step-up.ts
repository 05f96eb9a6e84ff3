import { z } from 'zod/mini';

/**
 * Step-up (ADR 030): approving a batch, moving money out of a wallet and changing staff need the
 * user to have proved who they are recently — their second factor, or their password when they
 * have no authenticator and their role does not require one. Otherwise the server answers 403
 * with this code, and the portal sends the user through `/auth/step-up` and retries.
 */
export const STEP_UP_REQUIRED = 'STEP_UP_REQUIRED';
export const STEP_UP_MESSAGE = 'Please confirm it’s you to continue.';
export const STEP_UP_WINDOW_MINUTES = 15;

/** Where the portal opens the re-authorization (a small window), and where that window ends. */
export const STEP_UP_PATH = '/auth/step-up';
export const STEP_UP_DONE_PATH = '/auth/step-up/done';
/** The channel the finished window tells the portal's tabs on. */
export const STEP_UP_CHANNEL = 'lynk-step-up';

/** Where a user sets up two-step verification from My Profile (optional below admin). */
export const TWO_FACTOR_ENROL_PATH = '/auth/two-factor';

/** GET /api/session/two-factor: whether the signed-in user has set up two-step verification. */
export const TWO_FACTOR_STATUS_PATH = '/api/session/two-factor';
export const twoFactorStatusSchema = z.object({ enabled: z.boolean() });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
