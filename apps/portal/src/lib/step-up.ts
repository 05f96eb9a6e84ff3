import { useSyncExternalStore } from 'react';

/**
 * The step-up in progress (ADR 030). A call the server refused with STEP_UP_REQUIRED waits here
 * while the step-up dialog sends the user through the re-authorization; then the call is made
 * again (api-client.ts). Calls refused together wait for the same step-up. The page behind never
 * changes, so a form keeps everything the user typed.
 */

interface Waiter {
  resolve: () => void;
  reject: (reason: unknown) => void;
}

let waiters: Waiter[] = [];
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

class StepUpCancelledError extends Error {
  constructor() {
    super('The confirmation was cancelled.');
    this.name = 'StepUpCancelledError';
  }
}

/** Resolves once the user has proved who they are again; rejects if they cancel. */
export function requestStepUp(): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    waiters.push({ resolve, reject });
    if (waiters.length === 1) notify();
  });
}

function settle(settleOne: (waiter: Waiter) => void) {
  const settled = waiters;
  waiters = [];
  notify();
  settled.forEach(settleOne);
}

/** The re-authorization finished: every waiting call goes again. */
export function completeStepUp() {
  settle((waiter) => waiter.resolve());
}

/** The user closed the dialog: every waiting call fails with the server's refusal. */
export function cancelStepUp() {
  settle((waiter) => waiter.reject(new StepUpCancelledError()));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while a call waits for the user to confirm who they are. */
export function useStepUpPending(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => waiters.length > 0,
    () => false,
  );
}
