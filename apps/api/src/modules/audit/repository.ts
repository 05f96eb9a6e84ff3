import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/transaction.ts';
import type { Database } from '../../db/schema.ts';
import { listingDayBounds } from '../ledger/index.ts';

export interface AuditRow {
  actorUserId: number | null;
  organizationId: string | null;
  action: string;
  subject: string | null;
  details: Record<string, unknown>;
  ip: string | null;
}

export async function insertAuditRow(db: Db, row: AuditRow): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: row.actorUserId,
      organization_id: row.organizationId,
      action: row.action,
      subject: row.subject,
      details: JSON.stringify(row.details),
      ip: row.ip,
    })
    .execute();
}

export interface AuditFilter {
  /** The caller's organisation: its rows and its branches' rows are read. */
  organizationId: string;
  sort: 'ASC' | 'DESC';
  from_utc?: string | undefined;
  to_utc?: string | undefined;
  actor?: string | undefined;
  action?: string | undefined;
}

type AuditScope = ExpressionBuilder<
  Database & { a: Database['audit_log']; u: Database['users']; o: Database['organizations'] },
  'a' | 'u' | 'o'
>;

/** `%` and `_` typed by the user are letters, not wildcards. */
const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The rows an organisation may read: those written for it or one of its branches, and those
 * written before any organisation was chosen (the password and second-factor steps of a sign-in)
 * by one of its members.
 */
function inScope(db: Db, organizationId: string) {
  const organizations = db
    .selectFrom('organizations')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', organizationId), eb('parent_id', '=', organizationId)]));
  return (eb: AuditScope) =>
    eb.or([
      eb('a.organization_id', 'in', organizations),
      eb.and([
        eb('a.organization_id', 'is', null),
        eb.exists(
          eb
            .selectFrom('memberships as ms')
            .innerJoin('merchants as m', 'm.id', 'ms.merchant_id')
            .select(sql`1`.as('one'))
            .whereRef('ms.user_id', '=', 'a.actor_user_id')
            .where('m.organization_id', 'in', organizations),
        ),
      ]),
    ]);
}

function filtered(db: Db, filter: AuditFilter) {
  const { from, to } = listingDayBounds(filter);
  let query = db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .leftJoin('organizations as o', 'o.id', 'a.organization_id')
    .where(inScope(db, filter.organizationId));
  if (from) query = query.where('a.at', '>=', from);
  if (to) query = query.where('a.at', '<', to);
  if (filter.action) query = query.where('a.action', '=', filter.action);
  const actor = filter.actor;
  if (actor && /^\d{1,9}$/.test(actor)) query = query.where('a.actor_user_id', '=', Number(actor));
  else if (actor) {
    const pattern = likeContaining(actor);
    query = query.where((eb) =>
      eb.or([eb('u.email', 'ilike', pattern), eb('u.display_name', 'ilike', pattern)]),
    );
  }
  return query;
}

const entryColumns = [
  'a.id',
  'a.at',
  'a.action',
  'a.subject',
  'a.organization_id',
  'a.actor_user_id',
  'a.ip',
  'a.details',
  'o.name as organization_name',
  'u.display_name as actor_name',
  'u.email as actor_email',
] as const;

function ordered(db: Db, filter: AuditFilter) {
  const direction = filter.sort === 'ASC' ? 'asc' : 'desc';
  return filtered(db, filter).select(entryColumns).orderBy('a.at', direction).orderBy('a.id', direction);
}

export type AuditEntryRow = Awaited<ReturnType<typeof listAuditEntries>>['rows'][number];

/** A page of the rows an organisation may read, and how many match. */
export async function listAuditEntries(db: Db, filter: AuditFilter, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    ordered(db, filter).limit(page.limit).offset(page.offset).execute(),
    filtered(db, filter)
      .select(sql<string>`count(*)`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** At most `limit` matching rows, in the listing's order (the CSV file). */
export function auditEntriesForExport(db: Db, filter: AuditFilter, limit: number) {
  return ordered(db, filter).limit(limit).execute();
}
