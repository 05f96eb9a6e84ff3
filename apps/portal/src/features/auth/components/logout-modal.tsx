import { Button, Group, Stack, Text } from '@mantine/core';
import { modals, type ContextModalProps } from '@mantine/modals';
import { useHardNavigate } from '@/lib/hard-navigate';
import { LOGOUT_TEXTS } from '@/lib/texts';
import { ErrorState } from '@/components/error-state';
import { useLogout } from '../api/logout';

/** Modal key of the logout confirmation (spec section 2, "Modals (by key)"). */
export const LOGOUT_MODAL_KEY = 'logout-user';

/** The logout confirmation, registered with the modal host under `logout-user`. */
export function LogoutModal({ context, id }: ContextModalProps) {
  const hardNavigate = useHardNavigate();
  const logout = useLogout({ onSuccess: (location) => hardNavigate(location) });
  // After a successful call the page is about to leave: keep the button busy until it does.
  const busy = logout.isPending || logout.isSuccess;

  return (
    <Stack gap="lg">
      <Text c="dimmed">{LOGOUT_TEXTS.body}</Text>
      {logout.isError ? <ErrorState message={LOGOUT_TEXTS.failed} /> : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => context.closeModal(id)} disabled={busy}>
          {LOGOUT_TEXTS.cancel}
        </Button>
        <Button onClick={() => logout.mutate()} loading={busy} data-autofocus>
          {LOGOUT_TEXTS.confirm}
        </Button>
      </Group>
    </Stack>
  );
}

export function openLogoutModal() {
  modals.openContextModal({
    modal: LOGOUT_MODAL_KEY,
    modalId: LOGOUT_MODAL_KEY,
    title: LOGOUT_TEXTS.title,
    centered: true,
    innerProps: {},
  });
}
