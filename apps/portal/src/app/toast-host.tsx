import { Notifications } from '@mantine/notifications';

/**
 * The toast host (spec section 2, "General toasts come from an alert queue"). Toasts are driven by
 * a store (`notifications.show`), so the host need not wrap the app: it loads in its own chunk
 * next to the first paint.
 */
export function ToastHost() {
  return <Notifications position="top-right" zIndex={1000} />;
}
