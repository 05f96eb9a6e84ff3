import QRCode from 'qrcode';
import { WALLET_KEYS } from '@lynk/contract/accounts';
import { GATES } from '@lynk/contract/permissions';
import { PRODUCT_MESSAGES } from '@lynk/contract/messages';
import { qrDisplayName, type QrCodeResponse, type QrWalletQuery } from '@lynk/contract/qr';
import type { SessionIdentity } from '@lynk/contract/session';
import type { Db } from '../../db/transaction.ts';
import { notFound } from '../../lib/app-error.ts';
import { assertGate } from '../../lib/gate.ts';
import { listAccounts } from '../account/index.ts';
import { findMerchantQr, findStaffMemberQr } from './repository.ts';

/**
 * What each QR code encodes (docs/decisions/029):
 * - the main wallet: the merchant's pay link (`merchants.qr_code`, `lynk://pay/<wallet id>`);
 * - JAM-DEX: the CBDC account's external reference, the address the JAM-DEX network pays;
 * - a staff member: the merchant's pay link naming the staff member (`staff=<auth id>`), so a
 *   payment made with it is credited to them, plus `name=<display name>` when their membership
 *   shows the name on the QR (`show_qr_display_name`) for the payer's app to show.
 */

async function merchantQr(db: Db, merchantId: number) {
  const merchant = await findMerchantQr(db, merchantId);
  if (!merchant) throw notFound(PRODUCT_MESSAGES.merchantNotFound);
  return merchant;
}

async function jamDexReference(db: Db, merchantId: number): Promise<string | null> {
  const accounts = await listAccounts(db, merchantId);
  return accounts.find((a) => a.type === 'CBDC')?.details.external_reference ?? null;
}

export async function qrCodes(db: Db, identity: SessionIdentity): Promise<QrCodeResponse['data']> {
  const merchantId = identity.merchant_id;
  const [merchant, jamDex, member] = await Promise.all([
    merchantQr(db, merchantId),
    jamDexReference(db, merchantId),
    findStaffMemberQr(db, merchantId, identity.authID),
  ]);
  return {
    qr_code: merchant.qr_code,
    jam_dex_qr_code: jamDex,
    own_qr_code: member ? staffPayload(merchant.qr_code, member) : null,
  };
}

function staffPayload(
  merchantQrCode: string,
  member: { auth_id: string; display_name: string; show_qr_display_name: boolean },
): string {
  const url = new URL(merchantQrCode);
  url.searchParams.set('staff', member.auth_id);
  if (member.show_qr_display_name) url.searchParams.set('name', qrDisplayName(member.display_name).trim());
  return url.toString();
}

/** The payload of a wallet's QR; a merchant without a JAM-DEX wallet has no JAM-DEX QR (404). */
export async function walletQrPayload(db: Db, merchantId: number, wallet: QrWalletQuery['wallet']) {
  if (wallet === WALLET_KEYS.cbdc) {
    const reference = await jamDexReference(db, merchantId);
    if (!reference) throw notFound(PRODUCT_MESSAGES.jamDexWalletNotFound);
    return reference;
  }
  return (await merchantQr(db, merchantId)).qr_code;
}

/**
 * A staff member's own QR. Everyone may have their own; another staff member's needs the staff
 * menu's permission (the Staff page is where they are downloaded). Someone who is not on this
 * merchant's staff is not found, whoever asks. The name shown is the one on record, never the
 * one in the address, so a link cannot put words on a cashier's QR.
 */
export async function staffQrPayload(db: Db, identity: SessionIdentity, authId: string): Promise<string> {
  const member = await findStaffMemberQr(db, identity.merchant_id, authId);
  if (!member) throw notFound(PRODUCT_MESSAGES.staffMemberNotFound);
  const own = member.auth_id === identity.authID;
  if (!own) assertGate(identity, GATES.staffMenu);
  const { qr_code } = await merchantQr(db, identity.merchant_id);
  return staffPayload(qr_code, member);
}

/**
 * A QR code as a PNG, drawn by the `qrcode` library: error correction M (15 % of the symbol may
 * be lost, enough for a printed code with a smudge), the standard four-module quiet zone, and
 * 512 px wide so it prints sharply on a counter card without scaling up.
 */
export function qrPng(payload: string): Promise<Buffer> {
  return QRCode.toBuffer(payload, { type: 'png', errorCorrectionLevel: 'M', margin: 4, width: 512 });
}
