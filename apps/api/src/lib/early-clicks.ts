import { createHash } from 'node:crypto';

/**
 * A page rendered on the server (ADR 038) shows its buttons before the portal's scripts have
 * arrived and taken it over, and a click on one of them then finds no handler: the FAQ question
 * stayed closed, the transfer form never opened. This script, inline in the page's head so that it
 * runs before anything can be clicked, keeps the last such click until the portal takes the page
 * over; the portal then asks for it (`window.lynkEarlyClicks.takeOver()`, apps/portal's
 * `app/early-clicks.ts`) and clicks it again once its handlers are there.
 *
 * Only the last click is kept (a user who clicked twice because nothing happened wanted it
 * once), and only clicks a browser does not answer by itself: a link still navigates, a field
 * still takes focus. A kept click's default is prevented, so a button in a form does not submit
 * the form as the browser would without the portal.
 */
export const EARLY_CLICKS_SCRIPT = `(() => {
  let last = null;
  const keep = (event) => {
    const target = event.target;
    if (!(target instanceof Element) || !target.closest('#root')) return;
    if (target.closest('a[href], input, select, textarea, label')) return;
    event.preventDefault();
    last = target;
  };
  document.addEventListener('click', keep, true);
  window.lynkEarlyClicks = {
    takeOver() {
      document.removeEventListener('click', keep, true);
      const kept = last;
      last = null;
      return kept;
    },
  };
})();`;

/** The script's entry in a page's Content-Security-Policy: it and no other inline script may run. */
export const EARLY_CLICKS_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(EARLY_CLICKS_SCRIPT).digest('base64')}'`;
