import { createHash } from 'node:crypto';

export interface ListingCacheOptions {
  /** An answer older than this is read again whatever the database said; 0 turns the cache off. */
  maxAgeMs: number;
  maxEntries: number;
  /**
   * Bound on the memory the answers take, all entries together: each counts twice its characters,
   * room for the compressed copies made of it (never larger than the answer itself).
   */
  maxBytes: number;
  now?: () => number;
}

/** A listing answer as it was sent: the serialized JSON and its validator. */
export interface ListingEntry {
  /** UTF-8 once, when kept: a string answer would be encoded again on every send. */
  body: Buffer;
  etag: string;
  /** Compressed copies, made when first asked for (`listing-cache-encoding.ts`). */
  encoded?: Partial<Record<'br' | 'gzip', Buffer>>;
}

const weight = (body: Buffer) => body.length * 2;

interface Stored extends ListingEntry {
  merchantId: number;
  /** The change clock when the answer's queries began: valid while no change of its merchant is newer. */
  readAt: number;
  storedAt: number;
}

/**
 * A ticket is the change clock read before a listing's queries run. An answer is kept only under
 * the clock it was read at, so a change announced while the queries ran makes it stale at once.
 */
export type ListingTicket = number;

/**
 * The serialized answers of the listings (ADR 032), per route, merchant, what the caller may see
 * and the normalized query; least recently used forgotten first past `maxEntries` or `maxBytes`.
 *
 * Nothing here decides what changed: the database announces each committed write's merchants
 * (migration 0016) and the change feed calls `changed`. While the feed is not listening
 * (`setLive(false)`: not yet started, or its connection lost) nothing is served nor kept, since a
 * change could go unheard.
 */
export class ListingCache {
  private readonly entries = new Map<string, Stored>();
  /** The clock of each merchant's latest announced change. */
  private readonly changedAt = new Map<number, number>();
  /** The clock of the latest change of every merchant at once (`*`, a lost or new connection). */
  private allChangedAt = 0;
  private clock = 0;
  private live = false;
  private bytes = 0;
  private readonly now: () => number;
  private readonly options: ListingCacheOptions;
  /** Since start, for the server's metrics: answers served, looked for in vain, and changes heard. */
  hits = 0;
  misses = 0;
  /** Announcements that made kept answers stale (a merchant's, or everyone's), and feed losses. */
  invalidations = 0;

  constructor(options: ListingCacheOptions) {
    this.options = options;
    this.now = options.now ?? (() => performance.now());
  }

  /** Whether answers may be served and kept now. */
  get enabled(): boolean {
    return this.live && this.options.maxAgeMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Read before a listing's queries run; `set` keeps the answer only if nothing changed since. */
  ticket(): ListingTicket {
    return this.clock;
  }

  get(key: string): ListingEntry | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry) {
      this.misses++;
      return undefined;
    }
    if (!this.current(entry) || this.now() - entry.storedAt > this.options.maxAgeMs) {
      this.remove(key, entry);
      this.misses++;
      return undefined;
    }
    // Most recently used last: the map's order is the eviction order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits++;
    return entry;
  }

  /** Keeps an answer read under `ticket`, unless its merchant changed since (or all did). */
  set(key: string, merchantId: number, ticket: ListingTicket, body: string): ListingEntry {
    const bytes = Buffer.from(body);
    const entry: Stored = {
      body: bytes,
      etag: etagOf(bytes),
      merchantId,
      readAt: ticket,
      storedAt: this.now(),
    };
    if (!this.enabled || !this.current(entry) || weight(bytes) > this.options.maxBytes / 4) return entry;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, entry);
    this.bytes += weight(bytes);
    while (this.entries.size > this.options.maxEntries || this.bytes > this.options.maxBytes) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.remove(oldestKey, oldest);
    }
    return entry;
  }

  /** A change announcement: merchant ids comma-joined, or `*` for every merchant. */
  changed(payload: string): void {
    const at = ++this.clock;
    this.invalidations++;
    if (payload.trim() === '*') {
      this.forgetAll(at);
      return;
    }
    for (const part of payload.split(',')) {
      const id = Number(part);
      // An announcement this server cannot read could be about anyone.
      if (!Number.isInteger(id) || part.trim() === '') {
        this.forgetAll(at);
        return;
      }
      this.changedAt.set(id, at);
    }
  }

  /**
   * The feed is listening (true) or not (false). Either way everything kept so far, and every
   * answer whose queries are still running, is forgotten: changes may have gone unheard between.
   */
  setLive(live: boolean): void {
    this.live = live;
    this.invalidations++;
    this.forgetAll(++this.clock);
  }

  private forgetAll(at: number) {
    this.allChangedAt = at;
    this.entries.clear();
    this.bytes = 0;
  }

  /** Whether nothing of the merchant (nor of all) changed since `ticket` was read. */
  unchangedSince(merchantId: number, ticket: ListingTicket): boolean {
    return ticket >= this.allChangedAt && ticket >= (this.changedAt.get(merchantId) ?? 0);
  }

  private current(entry: Stored): boolean {
    return this.enabled && this.unchangedSince(entry.merchantId, entry.readAt);
  }

  private remove(key: string, entry: Stored) {
    this.entries.delete(key);
    this.bytes -= weight(entry.body);
  }
}

/** A weak validator from the answer's content: the same data gives the same tag, whoever asks. */
function etagOf(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}
