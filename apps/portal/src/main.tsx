import './lib/zod-config';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

// Spec section 9: a service worker left by an earlier version of the portal is removed at start.
if ('serviceWorker' in navigator) {
  void navigator.serviceWorker
    .getRegistrations()
    .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister())))
    .catch(() => undefined);
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The first render is a transition: React then renders in slices of a few milliseconds and lets
// the browser answer input between them, instead of one long task for the whole dashboard.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
