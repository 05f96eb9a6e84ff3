import { escapeHtml } from '../../lib/html.ts';
import { identityPage } from './pages.ts';

/** The provider's second-factor pages (ADR 030), in the sign-in page's look. No inline scripts (CSP). */

function errorBlock(error: string | undefined): string {
  return error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';
}

function codeField(options: { label: string; hint: string; recovery: boolean }): string {
  const pattern = options.recovery ? '' : ' pattern="[0-9 ]*" maxlength="7"';
  return `<label for="code">${escapeHtml(options.label)}</label>
<input id="code" name="code" type="text" class="code" inputmode="${options.recovery ? 'text' : 'numeric'}" autocomplete="one-time-code" required autofocus aria-describedby="code-hint"${pattern}>
<p class="hint" id="code-hint">${escapeHtml(options.hint)}</p>`;
}

/** Asks an enrolled user for a code from their app, or one of their recovery codes. */
export function secondFactorPage(options: { action: string; stepUp: boolean; error?: string }): string {
  const title = options.stepUp ? 'Confirm it’s you' : 'Two-step verification';
  const lead = options.stepUp
    ? 'Moving money needs a fresh code from your authenticator app.'
    : 'Enter the code from your authenticator app to finish signing in.';
  return identityPage(
    title,
    `<h1>${title}</h1>
<p class="lead">${lead}</p>
${errorBlock(options.error)}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${codeField({
  label: 'Authentication code',
  hint: 'The 6-digit code your app shows now. Lost your phone? Enter one of your recovery codes instead.',
  recovery: true,
})}
<button type="submit">Verify</button>
</form>`,
  );
}

/** Sets up the authenticator: the QR code, the same secret for typing in, and the first code. */
export function enrolPage(options: {
  action: string;
  qrDataUrl: string;
  secret: string;
  required: boolean;
  error?: string;
}): string {
  const lead = options.required
    ? 'Your role needs a second step at sign-in. Set up an authenticator app to continue.'
    : 'Add a second step to your sign-in with an authenticator app.';
  const grouped = options.secret.replace(/(.{4})/g, '$1 ').trim();
  return identityPage(
    'Set up two-step verification',
    `<h1>Set up two-step verification</h1>
<p class="lead">${lead}</p>
${errorBlock(options.error)}
<ol class="steps">
<li>Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…).
<img class="qr" src="${escapeHtml(options.qrDataUrl)}" alt="QR code to add Lynk Merchant Portal to your authenticator app" width="200" height="200"></li>
<li>Can’t scan it? Add an account by hand with this setup key (time based):
<code class="secret" id="secret">${escapeHtml(grouped)}</code></li>
<li>Enter the 6-digit code the app now shows.
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${codeField({ label: 'Code from the app', hint: 'A new code appears every 30 seconds.', recovery: false })}
<button type="submit">Confirm</button>
</form></li>
</ol>`,
  );
}

/** The recovery codes, shown this once; the link continues the sign-in. */
export function recoveryCodesPage(options: { codes: string[]; continueHref: string }): string {
  const items = options.codes.map((code) => `<li>${escapeHtml(code)}</li>`).join('');
  return identityPage(
    'Save your recovery codes',
    `<h1>Save your recovery codes</h1>
<p class="lead">Two-step verification is on. If you lose your phone, each of these codes signs you in once. Keep them somewhere safe: they are shown only now.</p>
<ul class="codes" aria-label="Recovery codes">${items}</ul>
<a class="button" href="${escapeHtml(options.continueHref)}">I have saved them, continue</a>`,
  );
}

const PASSWORD_LEADS = {
  'step-up': 'Moving money needs your password again.',
  'set-up': 'Setting up two-step verification needs your password again.',
};

/**
 * The password again: a step-up for a user without an authenticator, or before the set-up of one
 * shows its key.
 */
export function confirmPasswordPage(options: {
  action: string;
  email: string;
  purpose: keyof typeof PASSWORD_LEADS;
  error?: string;
}): string {
  return identityPage(
    'Confirm it’s you',
    `<h1>Confirm it’s you</h1>
<p class="lead">${PASSWORD_LEADS[options.purpose]}</p>
${errorBlock(options.error)}
<p class="account">${escapeHtml(options.email)}</p>
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<input type="hidden" name="email" value="${escapeHtml(options.email)}" autocomplete="username">
<label for="password">Password</label>
<input id="password" name="password" type="password" required autocomplete="current-password" autofocus>
<button type="submit">Continue</button>
</form>`,
  );
}
