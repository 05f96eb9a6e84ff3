/**
 * The process the crash test kills: posts CRASH_TRANSFERS keyed cash-outs from one wallet through
 * the ledger writer, 16 at a time, printing `ack <key>` for each one the engine has committed.
 * It runs until killed (or done).
 */
import { openDatabase } from '../db/database.ts';
import { createLedger } from '../modules/ledger/ledger.ts';
import { crashRequests, type CrashTarget } from './ledger-crash.ts';

const target = JSON.parse(process.env.CRASH_TARGET!) as CrashTarget;
const database = await openDatabase({
  databaseUrl: target.databaseUrl,
  dataDir: target.dataDir ?? 'memory://',
});
const ledger = createLedger(database.db, { writers: database.ledger.writers, writerDb: database.ledger.db });
const requests = crashRequests(target);
for (let i = 0; i < requests.length; i += 16) {
  await Promise.all(
    requests.slice(i, i + 16).map(async (request) => {
      const outcome = await ledger.post(request);
      if (outcome.outcome === 'accepted') process.stdout.write(`ack ${request.idempotency!.key}\n`);
    }),
  );
}
await database.close();
