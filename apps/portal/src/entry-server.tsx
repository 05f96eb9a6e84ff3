/**
 * The portal's first screen rendered on the server (ADR 038), built apart (`vite build --ssr`) and
 * loaded by the API server, which asks for the answers `firstScreenRequests` lists with the
 * caller's cookie and sends the markup with them; `main.tsx` takes the page over.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import {
  firstScreenRequests as signedInFirstScreenRequests,
  payPageCode,
  seedFirstScreen,
  type FirstScreenAnswers,
  type FirstScreenRequest,
  type FirstScreenState,
} from './app/first-screen';
import { AppProvider } from './app/provider';
import { createQueryClient } from './app/query-client';
import { appRoutes } from './app/router';
import { payFirstScreenRequests, seedPayFirstScreen } from './features/pay/first-screen';
import { smartphoneGuess } from './lib/use-smartphone';

export { FIRST_SCREEN_ID } from './app/first-screen';

/**
 * The calls the first screen at `url` makes: the customer's pay page's for anyone (what it shows
 * is public but for the customer's own session), a signed-in page's only for a caller with a
 * staff session cookie (without one they could only answer 401); none for any other page.
 */
export function firstScreenRequests(url: URL, caller: { staffSession: boolean }): FirstScreenRequest[] {
  const code = payPageCode(url.pathname);
  if (code !== null) return payFirstScreenRequests(code);
  return caller.staffSession ? signedInFirstScreenRequests(url) : [];
}

function seedAnswers(queryClient: QueryClient, url: URL, answers: FirstScreenAnswers): boolean {
  const code = payPageCode(url.pathname);
  return code === null
    ? seedFirstScreen(queryClient, answers)
    : seedPayFirstScreen(queryClient, code, answers);
}

/**
 * The markup of the page at `url` with these answers, for the browser these request headers come
 * from, and what to send with it for the browser (main.tsx); null when it is not one to render
 * here (a redirect, answers that do not fit). Rejects when rendering failed or `signal` aborted
 * it, so that the caller sends the page as the browser renders it alone.
 */
export async function renderFirstScreen(
  url: URL,
  answers: FirstScreenAnswers,
  headers: Record<string, string | string[] | undefined>,
  signal: AbortSignal,
): Promise<{ html: string; state: FirstScreenState } | null> {
  const one = (name: string) => [headers[name]].flat()[0];
  const state: FirstScreenState = {
    answers,
    smartphone: smartphoneGuess({
      'sec-ch-ua-mobile': one('sec-ch-ua-mobile'),
      'user-agent': one('user-agent'),
    }),
  };
  const queryClient = createQueryClient();
  if (!seedAnswers(queryClient, url, answers)) return null;
  const handler = createStaticHandler(appRoutes(queryClient));
  const context = await handler.query(new Request(url, { signal }));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider queryClient={queryClient} serverLayout={{ smartphone: state.smartphone }}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
    { signal, onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of prelude) html += decoder.decode(chunk as Uint8Array, { stream: true });
  html += decoder.decode();
  // A part that failed on the server would be rendered again by the browser, which reports it: send
  // the page as the browser renders it alone instead.
  if (errors.length > 0) throw errors[0];
  signal.throwIfAborted();
  return { html, state };
}
