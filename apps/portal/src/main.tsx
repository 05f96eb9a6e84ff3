import './lib/zod-config';
// The first stylesheet: Mantine's, then every CSS module of the portal, so that a page the server
// rendered (ADR 038) is styled before its route's scripts (and their stylesheets) arrive, and the
// portal's rules come after Mantine's and win over them at equal specificity. Both as globs: Vite
// puts a glob's imports at the top of the module, before its import statements, in the order of
// the globs (the build fails when the portal's rules come first: build/mantine-styles.ts).
import.meta.glob('./app/mantine-styles.ts', { eager: true });
import.meta.glob('./**/*.module.css', { eager: true });
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { dropEarlyClicks, replayEarlyClick } from './app/early-clicks';
import {
  FIRST_SCREEN_ID,
  payPageCode,
  seedFirstScreen,
  type FirstScreenAnswers,
  type FirstScreenState,
} from './app/first-screen';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';

// Spec section 9: a service worker left by an earlier version of the portal is removed at start.
if ('serviceWorker' in navigator) {
  void navigator.serviceWorker
    .getRegistrations()
    .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister())))
    .catch(() => undefined);
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/** What a page rendered on the server came with (ADR 038), if it was. */
function firstScreenState(): FirstScreenState | null {
  const element = document.getElementById(FIRST_SCREEN_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as FirstScreenState;
  } catch {
    return null;
  }
}

/** Resolves once the router has the URL's route modules and has run its loaders. */
function whenInitialized(router: ReturnType<typeof createAppRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Puts a rendered page's answers in the query cache: a signed-in page's at once, with the shell's
 * parsers; the customer's pay page's with the parsers its own chunk brings (the module the router
 * loads for it anyway), so that the shell every page loads does not carry them. The pay route
 * reads nothing from the cache while the router loads it, so the router may start meanwhile.
 */
function seedAnswers(queryClient: QueryClient, answers: FirstScreenAnswers): boolean | Promise<boolean> {
  const code = payPageCode(window.location.pathname);
  if (code === null) return seedFirstScreen(queryClient, answers);
  return import('./features/pay/components/pay-page').then(
    (page) => page.seedPayFirstScreen(queryClient, code, answers),
    () => false,
  );
}

/** The page rendered in the browser alone (with `router` when one was already made for it). */
function renderAlone(
  root: HTMLElement,
  queryClient: QueryClient,
  router?: ReturnType<typeof createAppRouter>,
) {
  // A rendered page whose answers could not be used is rendered again: what was clicked is gone.
  dropEarlyClicks();
  // The first render is a transition: React then renders in slices of a few milliseconds and lets
  // the browser answer input between them, instead of one long task for the whole dashboard.
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    );
  });
}

/**
 * Takes over the page the server rendered: the same answers in the query cache and the same
 * routes loaded before React hydrates it, so that its first render is the server's.
 */
async function hydrate(
  root: HTMLElement,
  queryClient: QueryClient,
  seeded: true | Promise<boolean>,
  serverLayout: { smartphone: boolean },
) {
  // The router's start (matching the URL, its loaders) in a task of its own, not at the end of the
  // shell's evaluation: two shorter tasks, a phone answering input between them.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const router = createAppRouter(queryClient);
  const [usable] = await Promise.all([seeded, whenInitialized(router)]);
  if (!usable) return renderAlone(root, queryClient, router);
  // A transition, as the first render below: hydrated in slices, the page answering between them.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App queryClient={queryClient} router={router} serverLayout={serverLayout} />
      </StrictMode>,
    );
  });
  // From here React answers clicks itself; one made on the page before is made again.
  replayEarlyClick();
}

const queryClient = createQueryClient();
const firstScreen = firstScreenState();
const seeded = firstScreen ? seedAnswers(queryClient, firstScreen.answers) : false;
if (seeded === false) renderAlone(container, queryClient);
else void hydrate(container, queryClient, seeded, { smartphone: firstScreen?.smartphone === true });
