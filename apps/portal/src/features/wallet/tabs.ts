import { WALLET_ROUTES } from '@lynk/contract/accounts';
import type { GateKey } from '@lynk/contract/permissions';
import { useCan } from '@/lib/permissions';
import { WALLET_TEXTS } from './tab-texts';

/** The two wallets: the main wallet (route `lynk-wallet`) and JAM-DEX (route `jamdex-wallet`). */
export type WalletKind = keyof typeof WALLET_ROUTES;

export interface WalletTab {
  /** The path segment after the wallet route, e.g. `orders`. */
  value: string;
  label: string;
  gate: GateKey;
}

/** Spec section 2, "Tabs under the wallet route", gated as in section 6. Order is display order. */
export const WALLET_TABS: Record<WalletKind, readonly WalletTab[]> = {
  main: [
    { value: 'orders', label: WALLET_TEXTS.orders, gate: 'ordersTab' },
    { value: 'transfers-history', label: WALLET_TEXTS.transfersHistory, gate: 'transfersHistoryTab' },
    { value: 'refunds', label: WALLET_TEXTS.refunds, gate: 'refundsTab' },
    { value: 'payment-history', label: WALLET_TEXTS.paymentHistory, gate: 'paymentHistoryTab' },
  ],
  cbdc: [
    { value: 'payments', label: WALLET_TEXTS.payments, gate: 'paymentsTab' },
    { value: 'transfers-history', label: WALLET_TEXTS.transfersHistory, gate: 'transfersHistoryTab' },
  ],
};

/** Spec section 2: "The default index redirects to payments for the jam-dex view and to orders otherwise." */
const DEFAULT_TAB: Record<WalletKind, string> = { main: 'orders', cbdc: 'payments' };

/**
 * The one place a wallet's tabs are filtered by permission: the dashboard's tab bar, the side
 * menu's Quick Access and the wallet index all use it.
 */
export function usePermittedWalletTabs(wallet: WalletKind): WalletTab[] {
  const can = useCan();
  return WALLET_TABS[wallet].filter((tab) => can(tab.gate));
}

/** The wallet index's tab: the spec's default, or the first permitted one for a user without it. */
export function defaultWalletTab(wallet: WalletKind, permitted: readonly WalletTab[]): WalletTab | undefined {
  return permitted.find((tab) => tab.value === DEFAULT_TAB[wallet]) ?? permitted[0];
}

/** The tab segment of a wallet path (`/1001/lynk-wallet/orders/...` → `orders`). */
export function walletTabFromPath(pathname: string, wallet: WalletKind): string | null {
  const segments = pathname.split('/').filter(Boolean);
  const at = segments.indexOf(WALLET_ROUTES[wallet]);
  return at === -1 ? null : (segments[at + 1] ?? null);
}
