import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/database.ts';
import { encodedBody, preferredEncoding } from '../lib/listing-cache-encoding.ts';
import { openChangeFeed, type ChangeFeed } from '../db/change-feed.ts';
import { ListingCache, type ListingEntry, type ListingTicket } from '../lib/listing-cache.ts';
import { counterReadAtScrape } from './metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The listings' answers (ADR 032), invalidated by the database's change announcements. */
    listingCache: ListingCache;
    listingChanges: ChangeFeed;
  }
}

/** Answers kept at once, and their weight all together: 8 M characters of JSON with their compressed copies. */
const MAX_ENTRIES = 5000;
const MAX_BYTES = 16 * 1024 * 1024;

export const listingCachePlugin = fp(
  async (app: FastifyInstance, opts: { database: DatabaseHandle; maxAgeMs: number }) => {
    const cache = new ListingCache({ maxAgeMs: opts.maxAgeMs, maxEntries: MAX_ENTRIES, maxBytes: MAX_BYTES });
    app.decorate('listingCache', cache);
    const { registry } = app.metrics;
    counterReadAtScrape(
      registry,
      'listing_cache_hits_total',
      'Listing answers served from the cache.',
      () => cache.hits,
    );
    counterReadAtScrape(
      registry,
      'listing_cache_misses_total',
      'Listing look-ups the cache could not answer (absent, stale or too old).',
      () => cache.misses,
    );
    counterReadAtScrape(
      registry,
      'listing_cache_invalidations_total',
      "Change announcements that made kept answers stale (a merchant's or all), and feed losses.",
      () => cache.invalidations,
    );
    const feed: ChangeFeed =
      opts.maxAgeMs > 0
        ? await openChangeFeed(opts.database, {
            changed: (payload) => cache.changed(payload),
            live: (live) => cache.setLive(live),
            lost: (error) =>
              app.log.warn({ err: error }, 'listing changes: connection lost, cache off until back'),
          })
        : { sync: () => undefined, close: async () => undefined };
    app.decorate('listingChanges', feed);
    // Before the database closes: the embedded one's listener goes with it.
    app.addHook('onClose', () => feed.close());
  },
  { name: 'listing-cache', dependencies: ['metrics'] },
);

interface ListingScope {
  merchantId: number;
  /** What this caller may see of the merchant's listing when it is not all of it (a user id). */
  viewer?: string | number | undefined;
}

/** A miss whose queries are running: requests for the same answer arriving meanwhile wait for it. */
interface Flight {
  merchantId: number;
  ticket: ListingTicket;
  answer: Promise<ListingEntry | undefined>;
}

interface Pending {
  key: string;
  flight: Flight;
  settle(entry: ListingEntry | undefined): void;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The parsed query in one spelling: the same page asked for in another order is the same answer. */
function normalizedQuery(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const record = query as Record<string, unknown>;
  return Object.keys(record)
    .sort()
    .map((name) => `${name}=${String(record[name])}`)
    .join('&');
}

function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: ListingEntry): FastifyReply {
  // Browsers keep no /api answer (no-store, plugins/errors.ts); a client that kept one itself may
  // ask again with its tag and get a 304 while it is still current.
  reply.header('etag', entry.etag);
  if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
  reply.type(JSON_TYPE);
  const encoding =
    request.headers['x-no-compression'] === undefined
      ? preferredEncoding(request.headers['accept-encoding'], entry.body.length)
      : undefined;
  if (!encoding) return reply.send(entry.body);
  // Sent already compressed: @fastify/compress leaves an answer with a Content-Encoding alone.
  return reply
    .header('vary', 'accept-encoding')
    .header('content-encoding', encoding)
    .send(encodedBody(entry, encoding));
}

/**
 * A listing route's cache (ADR 032): `preHandler` answers from the cache, after the route's
 * permission check (preValidation) and the query's validation, without running the handler;
 * `handler` wraps the route's own, keeping its answer as the response schema serialized it.
 */
export function cachedListing(
  app: FastifyInstance,
  route: string,
  scope: (request: FastifyRequest) => ListingScope,
) {
  const pending = new WeakMap<FastifyRequest, Pending>();
  const flights = new Map<string, Flight>();
  return {
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      const cache = app.listingCache;
      if (!cache.enabled) return;
      try {
        // On PostgreSQL: every change committed before this request is heard first.
        await app.listingChanges.sync();
      } catch {
        return;
      }
      const { merchantId, viewer } = scope(request);
      const key = `${route}|${merchantId}|${viewer ?? ''}|${normalizedQuery(request.query)}`;
      const entry = cache.get(key);
      if (entry) return sendEntry(request, reply, entry);
      // Queries for the same answer already running, and nothing of the merchant changed since
      // they began: their answer is as new as this request needs (after a change, a burst of the
      // same page reads the database once).
      const running = flights.get(key);
      if (running && cache.unchangedSince(merchantId, running.ticket)) {
        const shared = await running.answer;
        if (shared) return sendEntry(request, reply, shared);
      }
      let settle!: Pending['settle'];
      const answer = new Promise<ListingEntry | undefined>((resolve) => (settle = resolve));
      const flight = { merchantId, ticket: cache.ticket(), answer };
      flights.set(key, flight);
      pending.set(request, { key, flight, settle });
    },
    handler<R extends FastifyRequest>(read: (request: R) => Promise<unknown>) {
      return async (request: R, reply: FastifyReply): Promise<void> => {
        const miss = pending.get(request);
        let entry: ListingEntry | undefined;
        try {
          const body = reply.serialize(await read(request)) as string;
          if (!miss) {
            await reply.type(JSON_TYPE).send(body);
            return;
          }
          entry = app.listingCache.set(miss.key, miss.flight.merchantId, miss.flight.ticket, body);
        } finally {
          // A failed read shares nothing: whoever waited reads for themselves.
          miss?.settle(entry);
          if (miss && flights.get(miss.key) === miss.flight) flights.delete(miss.key);
        }
        await sendEntry(request, reply, entry);
      };
    },
  };
}
