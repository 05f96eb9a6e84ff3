import { fileURLToPath } from 'node:url';
import { z } from 'zod/mini';
// The start-up error below lists zod's messages: they must read in English (zod/mini has none).
import './lib/zod-locale.ts';

/** `./data` at the repository root, wherever the process was started from. */
const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../data', import.meta.url));

/** `memory://`: a throwaway in-memory database, with fresh secrets, instead of a folder on disk. */
export function isMemoryDataDir(dataDir: string): boolean {
  return dataDir.startsWith('memory://');
}

/** A whole number from `min` to `max` written in the environment, `fallback` when it is not set. */
function wholeNumber(min: number, max: number, fallback: number) {
  const bounds = Number.isFinite(max) ? [z.gte(min), z.lte(max)] : [z.gte(min)];
  return z._default(z.coerce.number().check(z.int(), ...bounds), fallback);
}

/** Environment, parsed once at start; nothing else reads `process.env`. */
const envSchema = z.object({
  /**
   * The demo (`npm start` sets it): the demo chain and its users seeded, the mail viewer at
   * /dev/mail for this machine only, and the server bound to loopback unless HOST says otherwise.
   * Without it a start is production, whatever else is set (ADR 041).
   */
  DEMO: z._default(z.stringbool(), false),
  /** `test` only for the browser journeys' server (it allows TEST_CLOCK_FILE); nothing else reads it. */
  NODE_ENV: z.optional(z.enum(['development', 'production', 'test'])),
  /**
   * What this process does in a fleet (ADR 045): `web` answers HTTP and only queues jobs; `worker`
   * runs the jobs, their schedules and the bank rail, and answers only /healthz, /readyz and
   * /metrics on PORT; `all` (the default) does both. `web` and `worker` need DATABASE_URL: the
   * embedded database belongs to one process.
   */
  ROLE: z._default(z.enum(['all', 'web', 'worker']), 'all'),
  PORT: wholeNumber(0, 65535, 3000),
  /**
   * A second listener for the operators (health, readiness, metrics without a token) on this port,
   * bound to OPS_HOST (loopback unless set): for a scraper inside the network, never the public.
   */
  OPS_PORT: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(65535))),
  OPS_HOST: z._default(z.string().check(z.minLength(1)), '127.0.0.1'),
  /**
   * On SIGTERM, how long the process keeps answering after /readyz turned 503, so a balancer's
   * health check takes it out of rotation first (its interval times its fall count, plus one
   * interval). 0 without a balancer.
   */
  DRAIN_DELAY_SECONDS: wholeNumber(0, 300, 0),
  /** On SIGTERM, the bound on the whole drain: past it the process exits with code 1. */
  SHUTDOWN_TIMEOUT_SECONDS: wholeNumber(1, 600, 20),
  /** The address to listen on: every interface in production, loopback in the demo. */
  HOST: z.optional(z.string().check(z.minLength(1))),
  /** The origin users reach the portal on; cookies, redirects and the embedded issuer derive from it. */
  PUBLIC_URL: z.optional(z.url()),
  /** Folder for the embedded database and generated secrets; `memory://` keeps everything in memory. */
  DATA_DIR: z._default(z.string().check(z.minLength(1)), DEFAULT_DATA_DIR),
  /** A PostgreSQL 15+ connection string; without it the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.optional(z.string().check(z.minLength(1))),
  /** An external OpenID provider; without it the embedded provider under /oidc is used. */
  OIDC_ISSUER: z.optional(z.url()),
  OIDC_CLIENT_ID: z._default(z.string().check(z.minLength(1)), 'lynk-portal'),
  OIDC_CLIENT_SECRET: z.optional(z.string().check(z.minLength(16))),
  OIDC_AUDIENCE: z._default(z.string().check(z.minLength(1)), 'https://api.lynk.portal'),
  /** Signs cookies; generated and kept in DATA_DIR when not set. */
  SESSION_SECRET: z.optional(z.string().check(z.minLength(32))),
  /** AES-256 key (32 bytes, base64 or base64url) of the tokens kept in `sessions`; generated into DATA_DIR when not set. */
  SESSION_ENCRYPTION_KEY: z.optional(
    z
      .string()
      .check(
        z.refine(
          (v) => /^[A-Za-z0-9+/_-]{43}=?$/.test(v) && Buffer.from(v, 'base64').length === 32,
          'must be 32 bytes in base64',
        ),
      ),
  ),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  /** Recompute and check the whole ledger when the server stops (exit code 3 when it is off). */
  VERIFY_LEDGER_ON_SHUTDOWN: z._default(z.stringbool(), false),
  /**
   * Browser journeys only (NODE_ENV=test with DEMO): a file holding milliseconds to add to the clock of the
   * session and sign-in rules, so a journey can make a second factor stale without waiting.
   */
  TEST_CLOCK_FILE: z.optional(z.string().check(z.minLength(1))),
  /** Seconds between the simulated bank rail's steps (SCHEDULED → TRANSMITTED → COMPLETED). */
  BANK_RAIL_STEP_SECONDS: wholeNumber(0, 3600, 5),
  /**
   * Which proxies to believe about the client's address: `false` (none, the default), a hop count,
   * or a comma-separated list of proxy addresses/CIDRs. Never "true" by default: any client could
   * then pick its own address with X-Forwarded-For and escape the rate limits.
   */
  TRUST_PROXY: z.pipe(
    z._default(z.string(), 'false'),
    z.transform((v): boolean | number | string[] =>
      v === 'false'
        ? false
        : v === 'true'
          ? true
          : /^\d+$/.test(v)
            ? Number(v)
            : v.split(',').map((a) => a.trim()),
    ),
  ),
  /**
   * Lynk's commission on a paid order: a percentage in basis points (250 = 2.5 %) plus a fixed part
   * in cents (ADR 021). Zero is allowed only when written out: a missing value is the default.
   */
  ORDER_FEE_BASIS_POINTS: wholeNumber(0, 10_000, 250),
  ORDER_FEE_FIXED_CENTS: wholeNumber(0, 100_000_00, 0),
  /** Lynk's processing fee on each payee of a batch payment: basis points (100 = 1 %) plus cents. */
  BATCH_FEE_BASIS_POINTS: wholeNumber(0, 10_000, 100),
  BATCH_FEE_FIXED_CENTS: wholeNumber(0, 100_000_00, 0),
  /** How long a payment request can be paid before the expiry job marks it EXPIRED. */
  PAYMENT_REQUEST_TTL_HOURS: wholeNumber(1, 24 * 90, 24),
  /**
   * Seconds a checked session's identity is remembered before its row and tokens are read again
   * (ADR 025); 0 checks every request. Logging out here forgets it at once.
   */
  SESSION_IDENTITY_CACHE_SECONDS: wholeNumber(0, 60, 5),
  /**
   * Seconds a listing's answer may be served again while the database announces no change to its
   * merchant (ADR 032); a bound in case an announcement is ever missed. 0 turns the cache off.
   */
  LISTING_CACHE_MAX_AGE_SECONDS: wholeNumber(0, 60, 5),
  /** Requests per minute per portal session (or anonymous address) before 429. */
  RATE_LIMIT_PER_MINUTE: wholeNumber(1, Infinity, 600),
  /** Requests per minute per address calling with bearer tokens (an integration) before 429. */
  RATE_LIMIT_BEARER_PER_MINUTE: wholeNumber(1, Infinity, 6000),
  /** Sign-in attempts per minute from one address, whatever the emails. */
  SIGN_IN_ATTEMPTS_PER_ADDRESS: wholeNumber(1, Infinity, 30),
  /**
   * SMTP server for staff activation emails (`smtps://user:pass@host:465`). Without it, in the
   * demo, emails are kept for the mail viewer at /dev/mail; in production they wait in the outbox.
   */
  SMTP_URL: z.optional(z.string().check(z.regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://'))),
  MAIL_FROM: z._default(z.string().check(z.minLength(3)), 'Lynk Merchant Portal <no-reply@lynk.example>'),
  /**
   * Set by npm: the folder a command was typed in. A workspace's script runs in the workspace's
   * folder, so a file named on the command line (`npm run restore -- <file>`) is found from here.
   */
  INIT_CWD: z.optional(z.string().check(z.minLength(1))),
  /**
   * The bearer token a scraper sends to read `/metrics` on the main port (docs/metrics.md). Without
   * it the address answers 404 there like any unknown one.
   */
  METRICS_TOKEN: z.optional(z.string().check(z.minLength(32))),
});

type Env = z.infer<typeof envSchema>;

/** A commission: a percentage and a fixed part (the orders module computes fees with it, ADR 021). */
export interface FeeSchedule {
  /** The percentage part in basis points (250 = 2.5 %). */
  basisPoints: number;
  /** The fixed part, in cents. */
  fixedCents: bigint;
}

export interface Config {
  /** The demo world and its conveniences (DEMO); false is production. */
  demo: boolean;
  role: 'all' | 'web' | 'worker';
  port: number;
  ops: { port: number | undefined; host: string };
  drainDelayMs: number;
  shutdownTimeoutMs: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  oidc: {
    embedded: boolean;
    issuer: string;
    clientId: string;
    clientSecret: string | undefined;
    audience: string;
  };
  sessionSecret: string | undefined;
  sessionEncryptionKey: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  verifyLedgerOnShutdown: boolean;
  sessionIdentityCacheMs: number;
  listingCacheMaxAgeMs: number;
  rateLimitPerMinute: number;
  rateLimitBearerPerMinute: number;
  signInAttemptsPerAddress: number;
  bankRailStepSeconds: number;
  orders: { feeSchedule: FeeSchedule; paymentRequestTtlMs: number };
  batches: { feeSchedule: FeeSchedule };
  trustProxy: boolean | number | string[];
  mail: { smtpUrl: string | undefined; from: string };
  testClockFile: string | undefined;
  /** Where relative paths given to a script are taken from (npm's INIT_CWD, else the process's). */
  commandDir: string;
  metricsToken: string | undefined;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const env = parsed.data;
  if (env.DEMO && env.NODE_ENV === 'production') {
    throw new Error('Invalid environment: DEMO is the demo and never runs with NODE_ENV=production');
  }
  if (env.TEST_CLOCK_FILE && !(env.NODE_ENV === 'test' && env.DEMO)) {
    throw new Error('Invalid environment: TEST_CLOCK_FILE is only for tests (NODE_ENV=test with DEMO)');
  }
  if (env.ROLE !== 'all' && !env.DATABASE_URL) {
    throw new Error(
      `Invalid environment: ROLE=${env.ROLE} needs DATABASE_URL (the embedded database is one process's)`,
    );
  }
  if (env.DRAIN_DELAY_SECONDS >= env.SHUTDOWN_TIMEOUT_SECONDS) {
    throw new Error('Invalid environment: DRAIN_DELAY_SECONDS must be shorter than SHUTDOWN_TIMEOUT_SECONDS');
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    demo: env.DEMO,
    role: env.ROLE,
    port: env.PORT,
    ops: { port: env.OPS_PORT, host: env.OPS_HOST },
    drainDelayMs: env.DRAIN_DELAY_SECONDS * 1000,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    // `localhost` is every loopback address (IPv4 and IPv6): the demo is not reachable from elsewhere.
    host: env.HOST ?? (env.DEMO ? 'localhost' : '0.0.0.0'),
    publicUrl,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    oidc: {
      embedded: !env.OIDC_ISSUER,
      issuer: env.OIDC_ISSUER ?? `${publicUrl}/oidc`,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      audience: env.OIDC_AUDIENCE,
    },
    sessionSecret: env.SESSION_SECRET,
    sessionEncryptionKey: env.SESSION_ENCRYPTION_KEY,
    logLevel: env.LOG_LEVEL,
    verifyLedgerOnShutdown: env.VERIFY_LEDGER_ON_SHUTDOWN,
    sessionIdentityCacheMs: env.SESSION_IDENTITY_CACHE_SECONDS * 1000,
    listingCacheMaxAgeMs: env.LISTING_CACHE_MAX_AGE_SECONDS * 1000,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    rateLimitBearerPerMinute: env.RATE_LIMIT_BEARER_PER_MINUTE,
    signInAttemptsPerAddress: env.SIGN_IN_ATTEMPTS_PER_ADDRESS,
    bankRailStepSeconds: env.BANK_RAIL_STEP_SECONDS,
    orders: {
      feeSchedule: { basisPoints: env.ORDER_FEE_BASIS_POINTS, fixedCents: BigInt(env.ORDER_FEE_FIXED_CENTS) },
      paymentRequestTtlMs: env.PAYMENT_REQUEST_TTL_HOURS * 60 * 60 * 1000,
    },
    batches: {
      feeSchedule: { basisPoints: env.BATCH_FEE_BASIS_POINTS, fixedCents: BigInt(env.BATCH_FEE_FIXED_CENTS) },
    },
    trustProxy: env.TRUST_PROXY,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    testClockFile: env.TEST_CLOCK_FILE,
    commandDir: env.INIT_CWD ?? process.cwd(),
    metricsToken: env.METRICS_TOKEN,
  };
}
