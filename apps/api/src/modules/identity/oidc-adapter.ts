import type { Kysely } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../db/schema.ts';
import { realClock } from '../../lib/clock.ts';
import {
  consumeOidcPayload,
  deleteOidcGrant,
  deleteOidcPayload,
  findOidcPayload,
  upsertOidcPayload,
} from './repository.ts';

/**
 * Stores the embedded provider's sessions, codes, grants and refresh tokens in the database, so a
 * restart does not sign everybody out and several instances could share them.
 */
export function createOidcAdapterFactory(db: Kysely<Database>) {
  return class DatabaseAdapter implements Adapter {
    readonly type: string;

    constructor(type: string) {
      this.type = type;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      await upsertOidcPayload(db, {
        id,
        type: this.type,
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresIn ? new Date(realClock().getTime() + expiresIn * 1000) : null,
      });
    }

    private async findWhere(column: 'id' | 'uid' | 'user_code', value: string) {
      // Codes and tokens come from clients; a NUL cannot be stored, so it can match nothing.
      if (value.includes('\u0000')) return undefined;
      const row = await findOidcPayload(db, this.type, column, value);
      if (!row || (row.expires_at && row.expires_at.getTime() <= realClock().getTime())) return undefined;
      return {
        ...(row.payload as AdapterPayload),
        ...(row.consumed_at ? { consumed: Math.floor(row.consumed_at.getTime() / 1000) } : {}),
      };
    }

    find(id: string) {
      return this.findWhere('id', id);
    }

    findByUid(uid: string) {
      return this.findWhere('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.findWhere('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await consumeOidcPayload(db, this.type, id, realClock());
    }

    async destroy(id: string): Promise<void> {
      await deleteOidcPayload(db, this.type, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await deleteOidcGrant(db, grantId);
    }
  };
}
