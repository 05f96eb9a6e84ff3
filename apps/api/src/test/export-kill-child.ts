/**
 * The worker the "Export all" kill test kills: it writes the export the test names
 * (EXPORT_KILL_TARGET) a few rows a chunk, prints `chunk <n>` as each one commits, and after the
 * second stops where it is — alive, holding the export, until the test kills it with SIGKILL.
 */
import { openDatabase } from '../db/database.ts';
import { runExport } from '../modules/reporting/index.ts';

const target = JSON.parse(process.env.EXPORT_KILL_TARGET!) as { databaseUrl: string; exportId: string };
const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: 'memory://' });
setInterval(() => {}, 60_000);
await runExport(
  {
    db: database.db,
    now: () => new Date(),
    pageRows: 5,
    afterChunk: async (seq) => {
      process.stdout.write(`chunk ${seq}\n`);
      if (seq === 1) await new Promise<never>(() => {});
    },
  },
  target.exportId,
);
