import { ErrorState } from '@/components/error-state';
import { GenericModal } from '@/components/generic-modal';
import { useHardNavigate } from '@/lib/hard-navigate';
import { hideModal, openModal } from '@/lib/modal-registry';
import { useLogout } from '../api/logout';
import { LOGOUT_TEXTS } from '../texts';

/** The logout confirmation (key `logout-user`), on the generic modal. */
export function LogoutModal() {
  const hardNavigate = useHardNavigate();
  const logout = useLogout({ onSuccess: (location) => hardNavigate(location) });
  // After a successful call the page is about to leave: keep the button busy until it does.
  const busy = logout.isPending || logout.isSuccess;

  return (
    <GenericModal
      subtitle={LOGOUT_TEXTS.body}
      mainAction={{ label: LOGOUT_TEXTS.confirm, loading: busy, onClick: () => logout.mutate() }}
      cancelAction={{ label: LOGOUT_TEXTS.cancel, disabled: busy, onClick: hideModal }}
    >
      {logout.isError ? <ErrorState message={LOGOUT_TEXTS.failed} /> : null}
    </GenericModal>
  );
}

export function openLogoutModal() {
  openModal('logout-user', {}, { title: LOGOUT_TEXTS.title });
}
