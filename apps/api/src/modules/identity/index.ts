/**
 * The embedded identity provider, passwords and second factors.
 *
 * The module's public face (ADR 044): other modules, the world, app.ts and the scripts import
 * from here only; the files behind it are the module's own.
 */
export { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
export { identityPlugin } from './plugin.ts';
export { createProviderSessions } from './provider-sessions.ts';
export { createProvider } from './provider.ts';
export { createIdentityService, purgeExpiredProviderRecords } from './service.ts';
export {
  type AccountBackoff,
  createAccountBackoff,
  createHashQueue,
  DEFAULT_ACCOUNT_BACKOFF,
  type HashQueue,
} from './sign-in-throttle.ts';
export { createTwoFactorKeys, type TwoFactorKeys } from './two-factor-keys.ts';
export { createTwoFactorService, hasAuthenticator, seedAuthenticator } from './two-factor-service.ts';
