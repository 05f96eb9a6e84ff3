import { DECIDE } from './decide.ts';
import { LOCK } from './lock.ts';
import { WRITE } from './write.ts';

/** The whole `create function ledger_post_batch(...)` statement of migration 0005 (ADR 020). */
export const LEDGER_POST_BATCH = `${LOCK}${DECIDE}${WRITE}`;
