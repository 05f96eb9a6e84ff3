/**
 * `npm run build` (and `npm start` when it is missing or older than the schema and the demo
 * world): writes the embedded database's template, see database-template.ts.
 */
import { performance } from 'node:perf_hooks';
import { DATABASE_TEMPLATE, writeDatabaseTemplate } from './database-template.ts';

const started = performance.now();
await writeDatabaseTemplate();
console.log(
  `Database template written to ${DATABASE_TEMPLATE} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
