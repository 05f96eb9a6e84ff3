import { afterEach, describe, expect, it } from 'vitest';
import {
  getModalState,
  hideModal,
  MODAL_KEYS,
  openModal,
  restorePreviousModal,
  setModalLocked,
  updateModal,
} from './modal-registry';

afterEach(() => {
  hideModal();
});

describe('modal registry (spec section 2, "Modal slice")', () => {
  it("knows every modal key of the spec, and the notification details, table filters, Export all and analytics period modals the spec's list has no key for", () => {
    expect(MODAL_KEYS).toEqual([
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
      'notification-details',
      'filters',
      'close-shift',
      'reopen-shift',
      'export-all',
      'analytics-period',
    ]);
  });

  it('showing sets the key, the title and the data', () => {
    openModal('transfer', { initialFromId: 1 }, { title: 'Transfer' });
    expect(getModalState()).toMatchObject({
      key: 'transfer',
      title: 'Transfer',
      data: { initialFromId: 1 },
      previousModal: null,
    });
  });

  it('updating changes only the data and the title', () => {
    openModal('transfer', { initialFromId: 1 }, { title: 'Transfer' });
    updateModal({ data: { initialFromId: 2 } });
    expect(getModalState()).toMatchObject({ key: 'transfer', title: 'Transfer', data: { initialFromId: 2 } });
    updateModal({ title: 'Move money' });
    expect(getModalState()).toMatchObject({
      key: 'transfer',
      title: 'Move money',
      data: { initialFromId: 2 },
    });
  });

  it('hiding clears the key, the title, the data and the previous modal', () => {
    openModal('transfer', { initialFromId: 1 }, { title: 'Transfer' });
    openModal('logout-user', {}, { title: 'Log out?', storePrevious: true });
    setModalLocked(true);
    hideModal();
    expect(getModalState()).toMatchObject({
      key: null,
      title: '',
      data: null,
      previousModal: null,
      locked: false,
    });
  });

  it('stores the modal shown before and restores it', () => {
    openModal('transfer', { initialFromId: 1 }, { title: 'Transfer' });
    openModal('transaction-status', { variant: 'confirm' }, { title: 'Are you sure?', storePrevious: true });
    expect(getModalState().previousModal).toEqual({
      key: 'transfer',
      title: 'Transfer',
      data: { initialFromId: 1 },
    });
    restorePreviousModal();
    expect(getModalState()).toMatchObject({
      key: 'transfer',
      title: 'Transfer',
      data: { initialFromId: 1 },
      previousModal: null,
    });
  });

  it('keeps no previous modal unless asked, and restoring without one hides', () => {
    openModal('transfer', { initialFromId: 1 }, { title: 'Transfer' });
    openModal('logout-user', {}, { title: 'Log out?' });
    expect(getModalState().previousModal).toBeNull();
    restorePreviousModal();
    expect(getModalState().key).toBeNull();
  });
});
