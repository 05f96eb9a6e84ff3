import { isCashierRole } from '@lynk/contract/permissions';
import { useOrganization } from '@/lib/organization';
import { useRequiredSession } from '@/lib/session';
import { getStaffQrImage, getWalletQrImage } from './get-qr-image';

export type QrWallet = 'main' | 'cbdc';

export interface QrSubject {
  /** A cashier's own counter QR rather than the merchant's (spec section 6). */
  own: boolean;
  /** Whose QR it is, shown above it: a cashier's display name, else the merchant's name. */
  heading: string;
  merchant: string;
  loadImage: (options?: { signal?: AbortSignal }) => Promise<Blob>;
}

/**
 * Which QR a wallet's QR actions show: on the main wallet a cashier gets their own counter QR
 * (headed with their display name), everyone else the merchant's; the JAM-DEX wallet's is the
 * merchant's JAM-DEX QR. Null while the profile is unknown.
 */
export function useQrSubject(
  wallet: QrWallet,
  jamDexHeading: (merchant: string) => string,
): QrSubject | null {
  const { profile } = useOrganization();
  const session = useRequiredSession();
  if (!profile) return null;
  const own = wallet === 'main' && isCashierRole(session.role);
  return {
    own,
    heading: own ? session.displayName : wallet === 'cbdc' ? jamDexHeading(profile.name) : profile.name,
    merchant: profile.name,
    loadImage: (options = {}) =>
      own ? getStaffQrImage(session.displayName, session.authID, options) : getWalletQrImage(wallet, options),
  };
}
