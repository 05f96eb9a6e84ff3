import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseHandle } from './database.ts';
import { LISTING_CHANGES_CHANNEL } from './functions/listing-changes/function.ts';

export interface ChangeHandlers {
  /** A committed write's announcement (the listings': merchant ids comma-joined, or `*`). */
  changed(payload: string): void;
  /** Listening (true), or not (false): the connection is lost until it is back. */
  live(live: boolean): void;
  /** Why the connection was lost (logged; the feed reconnects by itself). */
  lost(error: unknown): void;
}

export interface ChangeFeed {
  /**
   * Resolves once every change committed before the call has been announced here. The embedded
   * database announces a commit before the commit's own call returns, so it has nothing to wait
   * for (undefined); a PostgreSQL server's announcements travel on another connection and are
   * waited for with a round trip on it. Rejects when the feed is not listening.
   */
  sync(): Promise<void> | undefined;
  close(): Promise<void>;
}

/** How long a server waits for its listening connection's round trip before reading the database. */
const SYNC_TIMEOUT_MS = 1000;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5000;

/** A NOTIFY channel, and the name its PostgreSQL listening connection shows in `pg_stat_activity`. */
export interface ChangeChannel {
  channel: string;
  applicationName: string;
}

const LISTING_CHANGES: ChangeChannel = {
  channel: LISTING_CHANGES_CHANNEL,
  applicationName: 'lynk-listing-changes',
};

/**
 * Listens for the database's listing change announcements (migration 0016, ADR 032), or those
 * of another channel (the staff changes that end bearer tokens, session/bearer-memberships.ts).
 */
export async function openChangeFeed(
  database: DatabaseHandle,
  on: ChangeHandlers,
  { channel, applicationName }: ChangeChannel = LISTING_CHANGES,
): Promise<ChangeFeed> {
  if (database.pglite) {
    const pglite = database.pglite;
    // LISTEN through the pool, queued behind any open transaction like every other statement.
    await sql`listen ${sql.id(channel)}`.execute(database.db);
    const stop = pglite.onNotification((heard, payload) => {
      if (heard === channel) on.changed(payload);
    });
    on.live(true);
    return {
      sync: () => undefined,
      close: async () => {
        stop();
        on.live(false);
      },
    };
  }
  if (!database.url) throw new Error('A PostgreSQL database handle without its address');
  return listenOnPostgres(database.url, on, { channel, applicationName });
}

/**
 * One dedicated connection holding the LISTEN. When it is lost the cache is told at once (it
 * stops serving and keeping answers) and the connection is opened again, waiting longer each
 * time up to a few seconds; the cache is told it is back only once LISTEN has succeeded.
 */
async function listenOnPostgres(
  url: string,
  on: ChangeHandlers,
  { channel, applicationName }: ChangeChannel,
): Promise<ChangeFeed> {
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = RECONNECT_MIN_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  const lose = (from: pg.Client, error: unknown) => {
    if (client !== from) return;
    client = null;
    running = null;
    queued = null;
    from.removeAllListeners('notification');
    from.on('error', () => {});
    from.end().catch(() => {});
    on.live(false);
    if (closed) return;
    on.lost(error);
    timer = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url, application_name: applicationName });
    next.on('notification', (message) => {
      if (message.channel === channel) on.changed(message.payload ?? '*');
    });
    next.on('error', (error) => lose(next, error));
    next.on('end', () => lose(next, new Error('The listening connection ended')));
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch (error) {
      lose(next, error);
      return;
    }
    if (client !== next || closed) return;
    retryMs = RECONNECT_MIN_MS;
    on.live(true);
  }

  // A round trip on the listening connection: its answer comes after any announcement committed
  // before it was sent, since the server writes those to the connection first.
  const roundTrip = (): Promise<void> => {
    const current = client;
    if (!current) return Promise.reject(new Error('Not listening'));
    let timeout: NodeJS.Timeout | undefined;
    const trip = Promise.race([
      current.query('select 1').then(() => undefined),
      new Promise<never>((_, reject) => {
        timeout = setTimeout(
          () => reject(new Error('The listening connection did not answer')),
          SYNC_TIMEOUT_MS,
        );
      }),
    ]).finally(() => {
      clearTimeout(timeout);
      if (running === trip) running = null;
    });
    running = trip;
    return trip;
  };

  await connect();
  return {
    // Requests arriving together share one round trip; one arriving while a trip is under way
    // waits for the next, since the one under way may have been sent before its change committed.
    sync() {
      if (!running) return roundTrip();
      queued ??= running
        .catch(() => undefined)
        .then(() => {
          queued = null;
          return roundTrip();
        });
      return queued;
    },
    close: async () => {
      closed = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      on.live(false);
      if (current) await current.end().catch(() => undefined);
    },
  };
}
