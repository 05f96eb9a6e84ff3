/* global document */
// Submits the provider's sign-out form as soon as the page loads: the user already confirmed
// logging out in the portal. Without JavaScript the visible button does the same.
document.addEventListener('DOMContentLoaded', () => {
  const form = document.getElementById('op.logoutForm');
  if (form) form.submit();
});
