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
import { createTokenCipher } from './lib/token-cipher.ts';
import { accountPlugin } from './modules/account/index.ts';
import { analyticsPlugin } from './modules/analytics/index.ts';
import { auditPlugin } from './modules/audit/index.ts';
import { batchesPlugin } from './modules/batches/index.ts';
import {
  type ConsumerAuthOptions,
  consumerAuthPlugin,
  createConsumerAuth,
} from './modules/consumer-auth/index.ts';
import {
  createAccountBackoff,
  createHashQueue,
  createIdentityService,
  createProvider,
  createProviderSessions,
  createTwoFactorKeys,
  createTwoFactorService,
  identityPlugin,
} from './modules/identity/index.ts';
import { createLedger, type Ledger, ledgerPlugin } from './modules/ledger/index.ts';
import { sharedRateLimitStore } from './modules/limits/index.ts';
import { maintenancePlugin } from './modules/maintenance/index.ts';
import { notificationsPlugin } from './modules/notifications/index.ts';
import { ordersPlugin } from './modules/orders/index.ts';
import { shiftsPlugin } from './modules/shifts/index.ts';
import { profilePlugin } from './modules/profile/index.ts';
import { qrPlugin } from './modules/qr/index.ts';
import { reportingPlugin } from './modules/reporting/index.ts';
import {
  createAccessTokenVerifier,
  createBearerMemberships,
  createOidcClient,
  createSessionService,
  publicJwk,
  sessionPlugin,
} from './modules/session/index.ts';
import { createMailer, staffPlugin } from './modules/staff/index.ts';
import { authPlugin, sessionCookieName } from './plugins/auth.ts';
import { answerBadAddress, errorsPlugin } from './plugins/errors.ts';
import { healthPlugin } from './plugins/health.ts';
import { jobsPlugin, type JobsMode } from './plugins/jobs.ts';
import { listingCachePlugin } from './plugins/listing-cache.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { portalPlugin } from './plugins/portal.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import { portalSecurityOptions, securityHeaders } from './plugins/security-headers.ts';
import { bankRailPlugin } from './world/bank-rail.ts';
import { seedDemoTwoFactor } from './world/demo-two-factor.ts';

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
  /**
   * Background jobs (the default): queued and run, or only queued by a `web` instance (ROLE).
   * Tests that do not exercise them leave them off.
   */
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
  const pools = { main: database.pool, ledger: database.ledger.pool };
  await app.register(metricsPlugin, { token: config.metricsToken, pools });
  app.decorate(
    'ledger',
    createLedger(database.db, {
      writers: database.ledger.writers,
      writerDb: database.ledger.db,
      observer: app.metrics.ledgerBatches,
    }),
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
  await app.register(healthPlugin, { db: database.db });
  await app.register(securityHeaders, portalSecurityOptions(config.publicUrl));
  await app.register(cookie, { secret: secrets.sessionSecret });
  await registerRateLimits(app, config, sharedRateLimitStore(database.db));
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
  await app.register(authPlugin, {
    sessions,
    verifier,
    memberships: createBearerMemberships(database.db),
    publicUrl: config.publicUrl,
    database,
  });
  await app.register(listingCachePlugin, { database, maxAgeMs: config.listingCacheMaxAgeMs });
  // The runtime of the background jobs; each module's plugin below adds its own (ADR 044).
  const jobs: JobsMode = options.jobs === false ? 'off' : config.role === 'web' ? 'send' : 'run';
  await app.register(jobsPlugin, { databaseUrl: config.databaseUrl, mode: jobs });
  await app.register(maintenancePlugin);
  await app.register(ledgerPlugin);

  // Staff and customers' sign-ins share one bound on password hashes: both spend the same CPU.
  const hashQueue = createHashQueue();
  if (provider) {
    if (config.demo) await seedDemoTwoFactor(database.db, twoFactorKeys, now());
    await app.register(identityPlugin, {
      provider,
      twoFactor,
      identity: createIdentityService({
        db: database.db,
        provider,
        audience: config.oidc.audience,
        hashQueue,
      }),
      attemptsPerAddress: config.signInAttemptsPerAddress,
      hashQueue,
    });
  }
  await app.register(sessionPlugin, { sessions, publicUrl: config.publicUrl, database });
  await app.register(accountPlugin, { railStepSeconds: config.bankRailStepSeconds });
  await app.register(profilePlugin);
  await app.register(notificationsPlugin);
  await app.register(staffPlugin, {
    endSessions: sessions.endUserSessions,
    demo: config.demo,
    mail: {
      mailer: createMailer({ ...config.mail, demo: config.demo }),
      publicUrl: config.publicUrl,
    },
  });
  await app.register(qrPlugin);
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
  await app.register(consumerAuthPlugin, consumers);
  await app.register(ordersPlugin, {
    settings: { ...config.orders, publicUrl: config.publicUrl },
    consumers,
  });
  await app.register(batchesPlugin, {
    settings: config.batches,
    railStepSeconds: config.bankRailStepSeconds,
  });
  await app.register(reportingPlugin);
  await app.register(auditPlugin);
  await app.register(shiftsPlugin);
  await app.register(analyticsPlugin);
  // The simulated bank rail runs beside the jobs, registered after them: it stops before the
  // job queue does (Fastify closes the last registered first).
  if (jobs === 'run') await app.register(bankRailPlugin, { stepSeconds: config.bankRailStepSeconds });

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
