import type { Kysely } from 'kysely';
import { MESSAGES } from '@lynk/contract/messages';
import type { Database, TransferStatus } from '../db/schema.ts';
import { recordAudit } from '../modules/audit/repository.ts';
import { findTransferForUpdate, updateTransferStatus } from '../modules/account/repository.ts';
import { internalAccountId } from '../modules/ledger/internal-accounts.ts';
import { releaseLimit } from '../modules/ledger/limits.ts';
import { postEntry } from '../modules/ledger/service.ts';

/**
 * The simulated bank rail: a bank transfer is SCHEDULED, then TRANSMITTED to the bank, then
 * COMPLETED — or FAILED with the money returned, for a bank account flagged to fail. Each call
 * moves a transfer one step; a step that already happened changes nothing, so a job that runs
 * twice never pays twice.
 */
export async function advanceBankTransfer(
  db: Kysely<Database>,
  transferId: string,
  now = new Date(),
): Promise<TransferStatus | null> {
  return db.transaction().execute(async (trx) => {
    const transfer = await findTransferForUpdate(trx, transferId);
    if (!transfer || transfer.jam_dex) return null;
    if (transfer.status === 'SCHEDULED' || transfer.status === 'PENDING') {
      await updateTransferStatus(trx, transferId, transfer.status, 'TRANSMITTED');
      return 'TRANSMITTED';
    }
    if (transfer.status !== 'TRANSMITTED') return null;

    const counterpart = await trx
      .selectFrom('accounts')
      .select('details')
      .where('id', '=', transfer.counterpart_account_id)
      .executeTakeFirstOrThrow();
    const { organization_id: organizationId } = await trx
      .selectFrom('merchants')
      .select('organization_id')
      .where('id', '=', transfer.merchant_id)
      .executeTakeFirstOrThrow();
    const bankSettlement = await internalAccountId(trx, 'bankSettlement');
    const amount = BigInt(transfer.amount);
    const base = { transferId, createdAt: now };

    if (counterpart.details.simulate_failure) {
      await updateTransferStatus(trx, transferId, 'TRANSMITTED', 'FAILED', {
        failure_reason: MESSAGES.transactionStatus.transferFailedDescription,
      });
      if (transfer.direction === 'CASH_OUT') {
        await postEntry(trx, {
          ...base,
          kind: 'BANK_RETURN',
          description: `Returned: ${transfer.to_label}`,
          postings: [
            { accountId: bankSettlement, currency: 'JMD', amount: -amount },
            { accountId: transfer.wallet_account_id, currency: 'JMD', amount },
          ],
        });
      }
      if (transfer.limit_type && transfer.limit_period_start) {
        await releaseLimit(
          trx,
          transfer.wallet_account_id,
          transfer.limit_type,
          transfer.limit_period_start,
          amount,
        );
      }
      await recordAudit(trx, {
        actorUserId: null,
        organizationId,
        action: 'transfer.failed',
        subject: transferId,
      });
      return 'FAILED';
    }

    await updateTransferStatus(trx, transferId, 'TRANSMITTED', 'COMPLETED', { completed_at: now });
    if (transfer.direction === 'CASH_IN') {
      await postEntry(trx, {
        ...base,
        kind: 'BANK_TO_WALLET',
        description: `${transfer.from_label} → ${transfer.to_label}`,
        postings: [
          { accountId: bankSettlement, currency: 'JMD', amount: -amount },
          { accountId: transfer.wallet_account_id, currency: 'JMD', amount },
        ],
      });
    }
    await recordAudit(trx, {
      actorUserId: null,
      organizationId,
      action: 'transfer.completed',
      subject: transferId,
    });
    return 'COMPLETED';
  });
}
