import { readFile } from 'node:fs/promises';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { loadSecrets, type Secrets } from '../lib/secrets.ts';
import { totpCode } from '../modules/identity/totp.ts';
import { DEMO_TOTP_SECRET } from '../world/demo-two-factor.ts';
import { createDatabase, databaseUrl, dropDatabase, testDatabaseName } from './postgres-server.ts';
import type { FirstScreenRenderer } from '../lib/portal-pages.ts';

export const TEST_PUBLIC_URL = 'http://localhost:3000';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  secrets: Secrets;
  /** Set on PostgreSQL: the test's own database. */
  databaseUrl?: string;
  close(): Promise<void>;
}

interface DatabaseCopy {
  database: DatabaseHandle;
  /** Set on PostgreSQL, where the copy is a database of its own. */
  url?: string;
  discard(): Promise<void>;
}

/** A private copy of the migrated, seeded database (see global-setup). */
async function copySeededDatabase(): Promise<DatabaseCopy> {
  const postgres = inject('postgresTemplate');
  if (postgres) {
    const name = testDatabaseName(postgres.template);
    await createDatabase(postgres.serverUrl, name, postgres.template);
    const url = databaseUrl(postgres.serverUrl, name);
    const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
    return {
      database,
      url,
      discard: async () => {
        await database.close();
        await dropDatabase(postgres.serverUrl, name);
      },
    };
  }
  const dump = await readFile(inject('seededDatabase'));
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([dump]) });
  return { database, discard: () => database.close() };
}

/** A test server's settings on its database (`databaseUrl` on PostgreSQL). */
function testConfig(
  databaseUrl: string | undefined,
  options: { publicUrl?: string; logging?: boolean; env?: Record<string, string> },
) {
  return loadConfig({
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DATA_DIR: 'memory://',
    PUBLIC_URL: options.publicUrl ?? TEST_PUBLIC_URL,
    LOG_LEVEL: options.logging ? 'info' : 'silent',
    NODE_ENV: 'test',
    // The seeded copy is the demo world: its users' shared authenticator is set up at start.
    DEMO: 'true',
    ...options.env,
  });
}

/**
 * Another server on a test app's database, ready: a second instance behind the balancer, or the
 * next start after the first died (`jobs` to run the background jobs). `database` gives it a
 * connection of its own; the caller closes the server (and that connection).
 */
export async function anotherServer(
  t: TestApp,
  options: { jobs?: boolean; env?: Record<string, string>; database?: DatabaseHandle; now?: () => Date } = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(t.databaseUrl, options.env ? { env: options.env } : {}),
    database: options.database ?? t.database,
    secrets: t.secrets,
    jobs: options.jobs ?? false,
    logger: false,
    portalDir: '/nonexistent',
    firstScreenRenderer: null,
    ...(options.now ? { now: options.now } : {}),
  });
  await app.ready();
  return app;
}

/** A full app on a private copy of the migrated, seeded database. */
export async function createTestApp(
  options: {
    jobs?: boolean;
    publicUrl?: string;
    portalDir?: string;
    /** What renders the portal's pages' first screen (none unless given). */
    firstScreenRenderer?: FirstScreenRenderer;
    env?: Record<string, string>;
    /** Collects the app's log lines (at info level) instead of keeping it silent. */
    logStream?: { write(line: string): void };
    /** The clock of every rule, `app.clock` (see `testClock`). */
    now?: () => Date;
    /** Hears every route as it is added (see `BuildAppOptions.onRoute`). */
    onRoute?: BuildAppOptions['onRoute'];
  } = {},
): Promise<TestApp> {
  const copy = await copySeededDatabase();
  const { database } = copy;
  const config = testConfig(copy.url, {
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    logging: Boolean(options.logStream),
    ...(options.env ? { env: options.env } : {}),
  });
  const secrets = await loadSecrets('memory://');
  const app = await buildApp({
    config,
    database,
    secrets,
    jobs: options.jobs ?? false,
    logger: Boolean(options.logStream),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    portalDir: options.portalDir ?? '/nonexistent',
    firstScreenRenderer: options.firstScreenRenderer ?? null,
    ...(options.now ? { now: options.now } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    secrets,
    ...(copy.url ? { databaseUrl: copy.url } : {}),
    close: async () => {
      await app.close();
      await copy.discard();
    },
  };
}

/**
 * A tiny cookie jar for following the sign-in redirects through `app.inject`, with the address the
 * requests come from (`app.inject`'s own when none is given).
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  readonly remoteAddress: string | undefined;

  constructor(remoteAddress?: string) {
    this.remoteAddress = remoteAddress;
  }

  /** What `app.inject` needs besides the cookies to send a request as this browser. */
  from(): { remoteAddress?: string } {
    return this.remoteAddress ? { remoteAddress: this.remoteAddress } : {};
  }

  store(response: LightMyRequestResponse) {
    for (const cookie of response.cookies) {
      if (cookie.maxAge === 0 || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

export interface FlowResult {
  jar: CookieJar;
  /** Where the redirects ended (a path on this site). */
  finalLocation: string;
  lastResponse: LightMyRequestResponse;
}

/** Follows redirects from `start` through the provider and back, as a browser would. */
export async function follow(
  app: FastifyInstance,
  start: string,
  jar = new CookieJar(),
  first?: LightMyRequestResponse,
): Promise<FlowResult> {
  let response =
    first ??
    (await app.inject({ method: 'GET', url: start, headers: { cookie: jar.header() }, ...jar.from() }));
  jar.store(response);
  let location = start;
  for (let hops = 0; hops < 12 && response.statusCode >= 300 && response.statusCode < 400; hops++) {
    const next = new URL(String(response.headers.location), TEST_PUBLIC_URL);
    location = next.pathname + next.search;
    response = await app.inject({
      method: 'GET',
      url: location,
      headers: { cookie: jar.header() },
      ...jar.from(),
    });
    jar.store(response);
  }
  return { jar, finalLocation: location, lastResponse: response };
}

/** Signs in through the real authorization-code flow; returns the jar holding the session cookie. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
  options: { org?: string; returnTo?: string; remoteAddress?: string } = {},
): Promise<FlowResult> {
  const query = new URLSearchParams({ returnTo: options.returnTo ?? '/' });
  if (options.org) query.set('org', options.org);
  const toLoginPage = await follow(app, `/auth/login?${query}`, new CookieJar(options.remoteAddress));
  const afterPassword = await submitForm(app, toLoginPage, { email, password });
  if (!formAction(afterPassword, '/second-factor')) return afterPassword;
  // The demo admins' authenticator (ADR 030). Tests sign the same admin in many times within one
  // 30-second step, which a person cannot: the replay rule is tested in two-factor.test.ts.
  await app.db
    .updateTable('two_factor_credentials')
    .set({ last_step: null })
    .where('user_id', '=', await userIdOf(app.db, email))
    .execute();
  return submitForm(app, afterPassword, { code: totpCode(DEMO_TOTP_SECRET, app.clock()) });
}

/** The id of the user with this email (a test's way to a demo user's rows). */
export async function userIdOf(db: FastifyInstance['db'], email: string): Promise<number> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

/** The action of the form the flow ended on, when it ends with `suffix`. */
export function formAction(flow: FlowResult, suffix = ''): string | undefined {
  const action = /action="([^"]+)"/.exec(flow.lastResponse.body)?.[1];
  return action?.endsWith(suffix) ? action : undefined;
}

/** Posts the page's form as a browser would and follows the redirects. */
export async function submitForm(app: FastifyInstance, flow: FlowResult, fields: Record<string, string>) {
  const action = formAction(flow);
  if (!action) throw new Error(`No form at ${flow.finalLocation}`);
  const posted = await app.inject({
    method: 'POST',
    url: action,
    headers: { cookie: flow.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    ...flow.jar.from(),
    payload: new URLSearchParams(fields).toString(),
  });
  return follow(app, action, flow.jar, posted);
}

/** A bearer access token signed with the test app's own provider key. */
export async function signAccessToken(
  t: TestApp,
  claims: Record<string, unknown>,
  options: { audience?: string; issuer?: string; expiresAt?: number } = {},
): Promise<string> {
  const { importJWK, SignJWT } = await import('jose');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: t.secrets.signingKey.kid! })
    .setSubject(String(claims.authID ?? 'test'))
    .setIssuer(options.issuer ?? `${TEST_PUBLIC_URL}/oidc`)
    .setAudience(options.audience ?? 'https://api.lynk.portal')
    .setIssuedAt()
    .setExpirationTime(options.expiresAt ?? Math.floor(Date.now() / 1000) + 300)
    .sign(await importJWK(t.secrets.signingKey, 'RS256'));
}

/** A clock a test moves by hand (`advance`) instead of waiting. */
export function testClock(start = new Date()) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance(ms: number) {
      at += ms;
    },
  };
}
