/**
 * The counters shared by every server (rate limits, sign-in lock-outs).
 *
 * The module's public face (ADR 044): other modules, the world, app.ts and the scripts import
 * from here only; the files behind it are the module's own.
 */
export { countFailure, forgetFailures, lockedUntil, purgeExpiredLimits } from './service.ts';
export { sharedRateLimitStore } from './shared-rate-limit-store.ts';
