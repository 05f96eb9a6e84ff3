import { sql, type Kysely } from 'kysely';
import type { SessionIdentity } from '@lynk/contract/session';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { openChangeFeed, type ChangeChannel, type ChangeFeed } from '../../db/change-feed.ts';

/** Where a staff change (deactivated, deleted, another role) is announced to every server. */
const MEMBER_CHANGES: ChangeChannel = {
  channel: 'member_changes',
  applicationName: 'lynk-member-changes',
};

/** Memberships confirmed at once; past it the oldest is forgotten first (and read again when used). */
const MAX_ENTRIES = 10_000;
/**
 * A confirmation is read again after this long whatever was heard. Nothing depends on it; it
 * bounds the harm of a change made without an announcement (a person with psql).
 */
const MAX_AGE_MS = 60_000;

/**
 * Tells every server that a user's memberships changed. Sent after the change committed, so a
 * server reading the membership once it has heard this reads the new one.
 */
export async function announceMemberChange(db: Kysely<Database>, userId: number): Promise<void> {
  await sql`select pg_notify(${MEMBER_CHANGES.channel}, ${String(userId)})`.execute(db);
}

/**
 * Whether a bearer token's membership is still what the token says: a bearer token is stateless
 * and lives 10 minutes, while a staff member deactivated, deleted or given another role must lose
 * access at once (ADR 028), as their cookie sessions do.
 *
 * Asking the database on every call would be a query per call, most of what a kept listing costs
 * (ADR 032). So a confirmed membership is remembered, per server, while this server hears the
 * announcements of staff changes (`announceMemberChange`, called by `endUserSessions`): hearing
 * one forgets the user's confirmations. Before trusting one, a call waits until every
 * announcement committed before it has been heard (`ChangeFeed.sync`): nothing on the embedded
 * database, which announces a commit before the commit's call returns; one round trip on the
 * listening connection on PostgreSQL, shared by the calls that arrive together. Not listening (no
 * feed given, or its connection lost), every call reads the database.
 */
export function createBearerMemberships(db: Kysely<Database>, now: () => number = () => performance.now()) {
  /** `user:merchant:role:organization` → until when the confirmation may be used. */
  const confirmed = new Map<string, number>();
  let feed: ChangeFeed | null = null;
  let listening = false;
  /** Counts what was heard (and the feed going up or down): a read overtaken by it is not kept. */
  let heard = 0;

  function changed(payload: string) {
    heard++;
    if (payload === '*') return confirmed.clear();
    const prefix = `${payload}:`;
    for (const key of confirmed.keys()) if (key.startsWith(prefix)) confirmed.delete(key);
  }

  function live(isLive: boolean) {
    heard++;
    listening = isLive;
    confirmed.clear();
  }

  /** Every announcement committed before now has been heard (false: not listening). */
  async function caughtUp(): Promise<boolean> {
    if (!listening || !feed) return false;
    try {
      const trip = feed.sync();
      if (trip) await trip;
      return listening;
    } catch {
      return false;
    }
  }

  async function holds(identity: SessionIdentity): Promise<boolean> {
    const key = `${identity.id}:${identity.merchant_id}:${identity.role_id}:${identity.org_id}`;
    if (confirmed.has(key) && (await caughtUp())) {
      const until = confirmed.get(key);
      if (until !== undefined && until > now()) return true;
    }
    const before = heard;
    const current = await membershipIsCurrent(db, identity);
    if (current && listening && heard === before) {
      confirmed.delete(key);
      if (confirmed.size >= MAX_ENTRIES) confirmed.delete(confirmed.keys().next().value!);
      confirmed.set(key, now() + MAX_AGE_MS);
    }
    return current;
  }

  /** Starts hearing staff changes on `database`; closing the feed it returns stops it. */
  async function listen(database: DatabaseHandle, lost: (error: unknown) => void): Promise<ChangeFeed> {
    feed = await openChangeFeed(database, { changed, live, lost }, MEMBER_CHANGES);
    return feed;
  }

  return { holds, listen };
}

/**
 * The token's membership, active, in the same role, of a user who is not disabled, at a merchant
 * of the token's organization: the organization decides what the branch table and the audit log
 * show, so a token whose two claims disagree is refused, whoever signed it.
 */
async function membershipIsCurrent(db: Kysely<Database>, identity: SessionIdentity): Promise<boolean> {
  const row = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('merchants as mc', 'mc.id', 'm.merchant_id')
    .select('m.user_id')
    .where('m.user_id', '=', Number(identity.id))
    .where('m.merchant_id', '=', identity.merchant_id)
    .where('mc.organization_id', '=', identity.org_id)
    .where('m.role_id', '=', identity.role_id)
    .where('m.active', '=', true)
    .where('u.disabled', '=', false)
    .executeTakeFirst();
  return row !== undefined;
}
