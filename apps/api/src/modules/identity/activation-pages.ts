import { escapeHtml } from '../../lib/html.ts';
import { identityPage } from './pages.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULES_TEXT } from './password-rules.ts';

/** The page an activation link opens: choose a password (spec: the user activates, then signs in). */
export function activationPage(options: {
  action: string;
  email: string;
  displayName: string;
  errors?: string[];
}): string {
  const errors = options.errors?.length
    ? `<div class="error" role="alert"><p>Your password could not be set:</p><ul>${options.errors
        .map((e) => `<li>${escapeHtml(e)}</li>`)
        .join('')}</ul></div>`
    : '';
  const hello = options.displayName.trim() ? `Welcome, ${options.displayName.trim()}.` : 'Welcome.';
  return identityPage(
    'Activate your account',
    `<h1>Activate your account</h1>
<p class="lead">${escapeHtml(hello)} Choose a password for <strong>${escapeHtml(options.email)}</strong>.</p>
${errors}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<input type="text" name="username" value="${escapeHtml(options.email)}" autocomplete="username" hidden>
<label for="password">New password</label>
<input id="password" name="password" type="password" required minlength="${PASSWORD_MIN_LENGTH}" maxlength="${PASSWORD_MAX_LENGTH}" autocomplete="new-password" aria-describedby="password-rules" autofocus>
<p id="password-rules" class="hint">${escapeHtml(PASSWORD_RULES_TEXT)}</p>
<label for="confirmation">Repeat the password</label>
<input id="confirmation" name="confirmation" type="password" required autocomplete="new-password">
<button type="submit">Activate account</button>
</form>`,
  );
}
