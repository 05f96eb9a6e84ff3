import { escapeHtml } from '../../lib/html.ts';

interface DevMessage {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  link: string | null;
  created_at: Date;
}

/** Only links to this site's own pages are made clickable. */
const isSafeLink = (link: string) => /^https?:\/\/[^\s"'<>]+$/.test(link);

function messageItem(message: DevMessage): string {
  const link =
    message.link && isSafeLink(message.link)
      ? `<p><a class="action" href="${escapeHtml(message.link)}">Open the link in this email</a></p>`
      : '';
  return `<li class="mail">
<h2>${escapeHtml(message.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(message.to_address)}</strong> · <time datetime="${message.created_at.toISOString()}">${escapeHtml(message.created_at.toUTCString())}</time></p>
${link}
<pre>${escapeHtml(message.text_body)}</pre>
</li>`;
}

/** The development mail viewer's page: static HTML, no scripts, every value escaped. */
export function devMailPage(messages: DevMessage[]): string {
  const list =
    messages.length === 0
      ? '<p>No messages yet. Register a staff member on the Staff page and their activation email appears here.</p>'
      : `<ol class="mails">${messages.map(messageItem).join('\n')}</ol>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Development mail viewer · Lynk Merchant Portal</title>
<link rel="stylesheet" href="/oidc-assets/idp.css">
</head>
<body class="dev-mail">
<main>
<h1>Development mail viewer</h1>
<p class="notice" role="note">This server has no SMTP server configured (<code>SMTP_URL</code>), so the emails it would send are kept here instead. Nothing on this page was delivered. The viewer exists only outside production.</p>
${list}
</main>
</body>
</html>`;
}
