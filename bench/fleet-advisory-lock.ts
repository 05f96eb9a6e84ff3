/**
 * An experiment of `npm run bench:fleet`, never part of the product: loaded with `node --import`
 * into the instances of one measurement, it rewrites the ledger engine's batch statement as the
 * server loads it so that each batch first takes a PostgreSQL advisory transaction lock per shard
 * it touches (in shard order, so two batches never wait on each other in a circle). Today the
 * instances of a fleet coordinate only through the rows their batches lock; with the lock, one
 * shard's batches from every instance commit one after another, as one instance's writer posts
 * them. The source on disk is left as it is.
 */
import { registerHooks } from 'node:module';

/** The first key of the two-key advisory lock, this experiment's own space: 'LYNK' in ASCII. */
const LOCK_SPACE = 0x4c594e4b;
const TARGET = '/apps/api/src/modules/ledger/engine-repository.ts';
const STATEMENT = 'select ledger_post_batch(${toJson(requests)}::jsonb) as outcomes`';
const LOCKED_STATEMENT = `with shard_locks as (
      select count(pg_advisory_xact_lock(${LOCK_SPACE}, shard)) as taken
      from unnest(\${[...new Set(requests.map((r) => shardOf(r.merchantId)))].sort((a, b) => a - b)}::int[]) as shard
    )
    select ledger_post_batch(\${toJson(requests)}::jsonb) as outcomes from shard_locks\``;

registerHooks({
  load(url, context, nextLoad) {
    const loaded = nextLoad(url, context);
    if (!url.endsWith(TARGET)) return loaded;
    const source = String(loaded.source);
    if (!source.includes(STATEMENT)) {
      throw new Error(
        `The advisory-lock experiment no longer matches ${TARGET}: update bench/fleet-advisory-lock.ts`,
      );
    }
    return {
      ...loaded,
      source: `import { shardOf } from './internal-accounts.ts';\n${source.replace(STATEMENT, LOCKED_STATEMENT)}`,
    };
  },
});
