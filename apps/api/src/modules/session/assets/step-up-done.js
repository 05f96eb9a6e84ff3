/* global window */
// The re-authorization window's last page (ADR 030): tells the portal's tabs that the user proved
// who they are, so the action that asked for it is retried, then closes itself.
(function () {
  if ('BroadcastChannel' in window) {
    var channel = new BroadcastChannel('lynk-step-up');
    channel.postMessage({ type: 'verified' });
    channel.close();
  }
  if (window.opener) window.close();
})();
