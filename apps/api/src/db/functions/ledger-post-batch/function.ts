import { DECIDE } from './decide.ts';
import { LOCK } from './lock.ts';
import { WRITE } from './write.ts';

/** The whole `create or replace function ledger_post_batch(...)` statement (ADR 020). */
export const LEDGER_POST_BATCH = `${LOCK}${DECIDE}${WRITE}`;
