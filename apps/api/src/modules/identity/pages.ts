/** Server-rendered pages of the embedded sign-in, in the portal's look. No inline scripts (CSP). */
import { escapeHtml } from '../../lib/html.ts';

/** The provider's page frame (brand, card, footer); the sign-in and activation pages use it. */
export function identityPage(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Lynk Merchant Portal</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/oidc-assets/idp.css">
${head}
</head>
<body>
<main>
<div class="card">
<div class="brand" aria-hidden="true"><div class="brand-mark">L</div><div><div class="brand-name">Lynk</div><div class="brand-sub">Merchant Portal</div></div></div>
${body}
</div>
<p class="foot">Lynk · Secure sign-in</p>
</main>
</body>
</html>`;
}

export function loginPage(options: { action: string; email?: string; error?: string }): string {
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : '';
  return identityPage(
    'Sign in',
    `<h1>Sign in</h1>
<p class="lead">Use your merchant staff account.</p>
${error}
<form method="post" action="${escapeHtml(options.action)}" autocomplete="on" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" required autocomplete="username" value="${escapeHtml(options.email ?? '')}" ${options.email ? '' : 'autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" required autocomplete="current-password" ${options.email ? 'autofocus' : ''}>
<button type="submit">Sign in</button>
</form>`,
  );
}

export function messagePage(title: string, message: string, link?: { href: string; text: string }): string {
  const action = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : '';
  return identityPage(
    title,
    `<h1>${escapeHtml(title)}</h1><p class="lead">${escapeHtml(message)}</p>${action}`,
  );
}

/** A request over a rate limit whose own page cannot be shown again: the wait, and a way on. */
export function rateLimitedPage(message: string, link: { href: string; text: string }): string {
  return identityPage(
    'Too many attempts',
    `<h1>Too many attempts</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>`,
  );
}

export function logoutPage(form: string): string {
  return identityPage(
    'Signing out',
    `<h1>Signing you out…</h1>
<p class="lead">You will be returned to the portal.</p>
${form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>')}
<button type="submit" form="op.logoutForm">Continue</button>`,
    '<script src="/oidc-assets/logout.js" defer></script>',
  );
}
