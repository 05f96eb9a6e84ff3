import { useSyncExternalStore } from 'react';

/**
 * The one way to open a modal (spec section 2, "Modals (by key)" and "Modal slice"). A page opens
 * a modal by key with its data; the modal host (app/modal-host.tsx) shows the component
 * registered under that key (app/modals.ts). A feature never imports another feature's modal.
 */

/** Every modal key of the spec. Keys without a registered component yet are simply never opened. */
export const MODAL_KEYS = [
  'register-user',
  'delete-staff',
  'exporting-table',
  'view-last-exports',
  'more-trans-details',
  'more-order-details',
  'payment-request',
  'transfer',
  'transaction-status',
  'refund',
  'batch-payments',
  'choose-source-funds',
  'review-batch-payments',
  'reject-batch-payments',
  'logout-user',
  'create-payments',
  'single-payment',
  // Not in the spec's list: the spec's notification detail modal and a table's "Filters" modal
  // have no key of their own there.
  'notification-details',
  'filters',
  // Not in the spec: the cash-up's confirmation of a close and a manager's reopen with a reason.
  'close-shift',
  'reopen-shift',
  // Not in the spec: "Export all", a table's every row written in the background.
  'export-all',
  // Not in the spec: the analytics page's custom period.
  'analytics-period',
] as const;
export type ModalKey = (typeof MODAL_KEYS)[number];

/**
 * The data each registered modal takes, keyed by modal key. The registry (app/modals.ts) adds an
 * entry for every modal it registers, so `openModal` only accepts keys that have a component, with
 * that component's data.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModalDataByKey {}

export type OpenableModalKey = keyof ModalDataByKey & ModalKey;

interface ShownModal {
  key: ModalKey;
  title: string;
  data: unknown;
}

export interface ModalState {
  key: ModalKey | null;
  title: string;
  data: unknown;
  /** A modal put aside to come back to (for example a form behind its confirmation). */
  previousModal: ShownModal | null;
  /** While locked (a payment on its way) the modal cannot be closed by Escape, a click outside or its close control. */
  locked: boolean;
  /** Counts every showing, so opening the same key again starts its component afresh. */
  instance: number;
}

const HIDDEN: ModalState = {
  key: null,
  title: '',
  data: null,
  previousModal: null,
  locked: false,
  instance: 0,
};

let state: ModalState = HIDDEN;
const listeners = new Set<() => void>();

function setState(next: ModalState) {
  state = next;
  for (const listener of listeners) listener();
}

export function getModalState(): ModalState {
  return state;
}

function subscribeToModal(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface OpenModalOptions {
  title?: string;
  /** Keep the modal shown now as the previous modal, to come back to it with `restorePreviousModal`. */
  storePrevious?: boolean;
}

/** Shows the modal registered under `key` with `data`, in place of any modal shown now. */
export function openModal<K extends OpenableModalKey>(
  key: K,
  data: ModalDataByKey[K],
  { title = '', storePrevious = false }: OpenModalOptions = {},
): void {
  const previousModal =
    storePrevious && state.key !== null ? { key: state.key, title: state.title, data: state.data } : null;
  setState({ key, title, data, previousModal, locked: false, instance: state.instance + 1 });
}

/** Changes only the data and the title of the modal shown now. */
export function updateModal({ title, data }: { title?: string; data?: unknown }): void {
  if (state.key === null) return;
  setState({ ...state, title: title ?? state.title, data: data === undefined ? state.data : data });
}

/** Clears the key, title, data and previous modal. */
export function hideModal(): void {
  setState({ ...HIDDEN, instance: state.instance });
}

/** Shows the stored previous modal again; without one, hides. */
export function restorePreviousModal(): void {
  const previous = state.previousModal;
  if (!previous) {
    hideModal();
    return;
  }
  setState({ ...previous, previousModal: null, locked: false, instance: state.instance + 1 });
}

export function setModalLocked(locked: boolean): void {
  if (state.key === null || state.locked === locked) return;
  setState({ ...state, locked });
}

/** The modal shown now. */
export function useModalState(): ModalState {
  return useSyncExternalStore(subscribeToModal, getModalState, getModalState);
}
