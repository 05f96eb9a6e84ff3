/**
 * The customers' sign-in on the pay page.
 *
 * The module's public face (ADR 044): other modules, the world, app.ts and the scripts import
 * from here only; the files behind it are the module's own.
 */
export { consumerAuthPlugin } from './plugin.ts';
export { type ConsumerAuthOptions, requireConsumer } from './routes.ts';
export { createConsumerAuth, purgeExpiredConsumerSessions } from './service.ts';
