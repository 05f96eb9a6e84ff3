import { LOGOUT_MODAL_KEY, LogoutModal } from '@/features/auth/components/logout-modal';

/** Modals opened by key (spec section 2, "Modals (by key)"); later issues add theirs here. */
export const contextModals = {
  [LOGOUT_MODAL_KEY]: LogoutModal,
};

declare module '@mantine/modals' {
  export interface MantineModalsOverride {
    modals: typeof contextModals;
  }
}
