import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { contextModals } from './modals';

/**
 * The modal host and the toast host. Both are driven by events and a store (`modals.open…`,
 * `notifications.show`), not by React context, so they need not wrap the app: they load in their
 * own chunk next to the first paint, keeping Modal, focus trapping and transitions out of the
 * initial bundle.
 */
export function OverlayHosts() {
  return (
    <>
      <ModalsProvider modals={contextModals} modalProps={{ closeButtonProps: { 'aria-label': 'Close' } }} />
      <Notifications position="top-right" zIndex={1000} />
    </>
  );
}
