import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { Database } from './db/schema.ts';
import { realClock } from './lib/clock.ts';
import { injectFetch } from './lib/inject-fetch.ts';
import type { FirstScreenRenderer } from './lib/portal-pages.ts';
// Before any route's schema validates a request: the 400 answers carry zod's English messages.
import './lib/zod-locale.ts';
import { logDestination, OneLinePerRequest, requestId, serializeRequest } from './lib/request-logging.ts';
import type { Secrets } from './lib/secrets.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { batchRoutes } from './modules/batches/routes.ts';
import { createLedger, type Ledger } from './modules/ledger/ledger.ts';
import { consumerAuthRoutes, type ConsumerAuthOptions } from './modules/consumer-auth/routes.ts';
import { createConsumerAuth } from './modules/consumer-auth/service.ts';
import { createProvider } from './modules/identity/provider.ts';
import { createProviderSessions } from './modules/identity/provider-sessions.ts';
import { activationRoutes } from './modules/identity/activation-routes.ts';
import { identityRoutes } from './modules/identity/routes.ts';
import { createIdentityService } from './modules/identity/service.ts';
import { createAccountBackoff, createHashQueue } from './modules/identity/sign-in-throttle.ts';
import { createTwoFactorKeys } from './modules/identity/two-factor-keys.ts';
import { createTwoFactorService } from './modules/identity/two-factor-service.ts';
import { seedDemoTwoFactor } from './world/demo-two-factor.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { portalSecurityOptions, securityHeaders } from './plugins/security-headers.ts';
import { healthRoutes } from './plugins/health.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { notificationPreferenceRoutes } from './modules/notifications/preferences-routes.ts';
import { notificationStreamRoutes } from './modules/notifications/stream-routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { profileThresholdRoutes } from './modules/profile/threshold-routes.ts';
import { qrRoutes } from './modules/qr/routes.ts';
import { reportingRoutes } from './modules/reporting/routes.ts';
import { createOidcClient } from './modules/session/oidc-client.ts';
import { sessionRoutes } from './modules/session/routes.ts';
import { createSessionService } from './modules/session/service.ts';
import { devMailRoutes } from './modules/staff/dev-mail-routes.ts';
import { createMailer } from './modules/staff/mailer.ts';
import { staffRoutes } from './modules/staff/routes.ts';
import { createTokenCipher } from './modules/session/token-cipher.ts';
import { createAccessTokenVerifier, publicJwk } from './modules/session/tokens.ts';
import { authPlugin, sessionCookieName } from './plugins/auth.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import { answerBadAddress, errorsPlugin } from './plugins/errors.ts';
import { portalPlugin } from './plugins/portal.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { listingCachePlugin } from './plugins/listing-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    pool: pg.Pool;
    /** Every money movement goes through the ledger engine (ADR 020). */
    ledger: Ledger;
    /**
     * The time every rule reads (expiry, limits, sessions, second factors): `BuildAppOptions.now`,
     * real time by default. Routes pass `app.clock()` to services; jobs read it when they run.
     */
    clock(): Date;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  secrets: Secrets;
  /** Background jobs; tests that do not exercise them leave them off. */
  jobs?: boolean;
  /** Folder of the built portal; served with a history fallback when present. */
  portalDir?: string | undefined;
  /**
   * What renders a portal page's first screen (ADR 038): by default the portal's server build
   * beside `portalDir` when there is one; `null` sends every page as the browser renders it alone.
   */
  firstScreenRenderer?: FirstScreenRenderer | null;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** The clock of every rule, `app.clock` (tests and journeys move it instead of waiting). */
  now?: () => Date;
  /** Hears every route as it is added, hidden ones too (the authorisation matrix lists them). */
  onRoute?: (route: RouteOptions) => void;
}

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

const defaultPortalDir = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../portal/dist');

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database, secrets } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // The request serializer is what keeps cookies and tokens out of the logs: it writes no
            // header at all, so there is nothing for pino's redaction to find (it cost each line
            // ~0.7 µs for nothing).
            serializers: { req: serializeRequest },
            stream: options.logStream ?? logDestination(),
          },
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // The id is ours; a client's X-Request-Id is kept only when it passes a strict pattern.
    requestIdHeader: false,
    genReqId: requestId,
    logController: new OneLinePerRequest(),
    // An address the router cannot decode (`/%ff`) gets the one error shape too.
    frameworkErrors: answerBadAddress,
    routerOptions: { maxParamLength: 256 },
    // Every route validates and serializes with zod's compilers: given here, Fastify never loads
    // nor builds its defaults (Ajv, fast-json-stringify: ~85 ms of each start).
    schemaController: {
      compilersFactory: {
        // Fastify types these factories for Ajv's compilers; zod's take the same route schemas.
        buildValidator: (() => validatorCompiler) as unknown as CompilersFactory['buildValidator'],
        buildSerializer: (() => serializerCompiler) as unknown as CompilersFactory['buildSerializer'],
      },
    },
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const now = options.now ?? realClock;
  app.decorate('clock', now);
  app.decorate('db', database.db);
  app.decorate('pool', database.pool);
  database.onConnectionLost((error) => app.log.warn({ err: error }, 'database connection lost'));
  app.decorate(
    'ledger',
    createLedger(database.db, { writers: database.ledger.writers, writerDb: database.ledger.db }),
  );
  // Requests already queued for the engine are posted before the database closes.
  app.addHook('onClose', () => app.ledger.drain());
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  const portalDir = options.portalDir ?? defaultPortalDir;
  const hasPortal = existsSync(path.join(portalDir, 'index.html'));
  // JSON answers over 1 KB compressed for browsers that accept it (the portal's files come
  // precompressed from the build), and the pages rendered on the server: compress hooks only the
  // routes declared after it, the portal's page route among them. Brotli at its quick level 4:
  // ratio close to gzip 9, little CPU.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(errorsPlugin);
  await app.register(securityHeaders, portalSecurityOptions(config.publicUrl));
  await app.register(cookie, { secret: secrets.sessionSecret });
  await registerRateLimits(app, config);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Lynk Merchant Portal API',
        version: '1.0.0',
        description:
          'Account, profile, payment, reporting and consumer-auth back ends of the merchant portal.',
      },
    },
    transform: jsonSchemaTransform,
  });
  // The docs page has no inline scripts, so the site-wide CSP above covers it unchanged.
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const twoFactorKeys = createTwoFactorKeys(secrets.sessionEncryptionKey);
  const twoFactor = createTwoFactorService({ db: database.db, keys: twoFactorKeys, now });
  const provider = config.oidc.embedded
    ? createProvider({
        twoFactor,
        now,
        db: database.db,
        issuer: config.oidc.issuer,
        publicUrl: config.publicUrl,
        clientId: config.oidc.clientId,
        audience: config.oidc.audience,
        secrets,
      })
    : undefined;
  const oidc = createOidcClient({
    issuer: config.oidc.issuer,
    clientId: config.oidc.clientId,
    clientSecret: config.oidc.clientSecret ?? secrets.oidcClientSecret,
    // The embedded provider is answered in-process: no network hop, no listening socket needed.
    ...(provider ? { fetch: (url, init) => injectFetch(app, url, init) } : {}),
  });
  let remoteJwksUri: string | undefined;
  if (!provider) remoteJwksUri = await oidc.jwksUri();
  const verifier = createAccessTokenVerifier({
    issuer: config.oidc.issuer,
    audience: config.oidc.audience,
    ...(provider ? { publicKeys: [publicJwk(secrets.signingKey)] } : { jwksUri: remoteJwksUri }),
  });
  const sessions = createSessionService({
    db: database.db,
    oidc,
    verifier,
    cipher: createTokenCipher(secrets.sessionEncryptionKey),
    providerSessions: provider && createProviderSessions(provider, now),
    publicUrl: config.publicUrl,
    audience: config.oidc.audience,
    identityCacheMs: config.sessionIdentityCacheMs,
    now,
  });
  await app.register(authPlugin, { sessions, verifier, publicUrl: config.publicUrl, database });
  await app.register(listingCachePlugin, { database, maxAgeMs: config.listingCacheMaxAgeMs });
  await app.register(jobsPlugin, {
    databaseUrl: config.databaseUrl,
    enabled: options.jobs ?? true,
    railStepSeconds: config.bankRailStepSeconds,
    mail: {
      mailer: createMailer({ ...config.mail, demo: config.demo }),
      publicUrl: config.publicUrl,
    },
  });

  // Staff and customers' sign-ins share one bound on password hashes: both spend the same CPU.
  const hashQueue = createHashQueue();
  if (provider) {
    if (config.demo) await seedDemoTwoFactor(database.db, twoFactorKeys, now());
    await app.register(identityRoutes, {
      provider,
      twoFactor,
      identity: createIdentityService({
        db: database.db,
        provider,
        audience: config.oidc.audience,
        hashQueue,
      }),
      attemptsPerAddress: config.signInAttemptsPerAddress,
    });
    await app.register(activationRoutes, { hashQueue, attemptsPerAddress: config.signInAttemptsPerAddress });
  }
  await app.register(sessionRoutes, { sessions, publicUrl: config.publicUrl });
  await app.register(accountRoutes, { prefix: '/api/account', railStepSeconds: config.bankRailStepSeconds });
  await app.register(profileRoutes, { prefix: '/api/profile' });
  await app.register(profileThresholdRoutes, { prefix: '/api/profile' });
  await app.register(notificationRoutes, { prefix: '/api/profile' });
  await app.register(staffRoutes, { prefix: '/api/profile', endSessions: sessions.endUserSessions });
  // What would have been emailed, in the demo only and to this machine only: never in production.
  if (config.demo) await app.register(devMailRoutes, { publicUrl: config.publicUrl });
  await app.register(notificationPreferenceRoutes, { prefix: '/api/profile' });
  await app.register(notificationStreamRoutes, { prefix: '/api/profile' });
  await app.register(qrRoutes, { prefix: '/api/profile' });
  const consumers: ConsumerAuthOptions = {
    auth: createConsumerAuth({
      db: database.db,
      backoff: createAccountBackoff(database.db, 'consumer'),
      hashQueue,
    }),
    publicUrl: config.publicUrl,
    attemptsPerAddress: config.signInAttemptsPerAddress,
  };
  app.decorateRequest('consumer', null);
  await app.register(consumerAuthRoutes, { prefix: '/api/consumer-auth', ...consumers });
  await app.register(orderRoutes, {
    prefix: '/api/payment',
    settings: { ...config.orders, publicUrl: config.publicUrl },
    consumers,
  });
  await app.register(batchRoutes, { prefix: '/api/payment', settings: config.batches });
  await app.register(reportingRoutes, { prefix: '/api/reporting' });
  await app.register(auditRoutes, { prefix: '/api' });

  await app.register(healthRoutes, { pool: database.pool });

  if (hasPortal) {
    await app.register(portalPlugin, {
      portalDir,
      renderer: options.firstScreenRenderer,
      publicUrl: config.publicUrl,
      sessionCookieName: sessionCookieName(config.publicUrl),
    });
  }
  return app;
}
