/**
 * The portal's sessions (the BFF).
 *
 * The module's public face (ADR 044): other modules, the world, app.ts and the scripts import
 * from here only; the files behind it are the module's own.
 */
export { createBearerMemberships } from './bearer-memberships.ts';
export { createOidcClient } from './oidc-client.ts';
export { sessionPlugin } from './plugin.ts';
export { createSessionService, purgeExpiredSessions } from './service.ts';
export { createAccessTokenVerifier, publicJwk } from './tokens.ts';
