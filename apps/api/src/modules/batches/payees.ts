import type { PayeeLookup } from '@lynk/contract/batches';
import { MESSAGES } from '@lynk/contract/messages';
import type { Db } from '../../db/transaction.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { findPayee } from './repository.ts';

/**
 * The payee lookup of the single payment wizard (spec sections 3, 8): a wallet user or a merchant
 * by Lynk ID. Unknown or inactive → 404 with the spec's text; the caller's own wallet → 403
 * "Transaction not allowed". The directory keeps handles in lower case.
 */
export async function lookUpPayee(db: Db, merchantId: number, lynkId: string): Promise<PayeeLookup> {
  const payee = await findPayee(db, lynkId.toLowerCase());
  if (!payee || !payee.active) throw notFound(MESSAGES.payee.notFound);
  if (payee.merchant_id === merchantId) throw forbidden(MESSAGES.payee.notAllowed);
  const [name = '', ...rest] = payee.display_name.trim().split(/\s+/);
  return {
    id: payee.account_id,
    user_id: payee.consumer_id ?? payee.merchant_id!,
    display_name: payee.display_name,
    user_name: payee.handle.slice(1),
    name,
    last_name: rest.join(' '),
    email: payee.email,
    phone_number: payee.phone_number,
    welcome_bonus_claimed: null,
    keep_default_username: null,
    verified: payee.active,
    profile_type: payee.profile_type,
  };
}
