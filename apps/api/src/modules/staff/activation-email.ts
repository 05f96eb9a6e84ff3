import type { OutgoingMail } from './mailer.ts';
import { escapeHtml } from '../../lib/html.ts';

const ACTIVATION_SUBJECT = 'Activate your Lynk Merchant Portal account';

/** The activation email: who added them where, the link, how long it works. Names are escaped in HTML. */
export function activationEmail(input: {
  to: string;
  displayName: string;
  merchantName: string;
  roleName: string | null;
  link: string;
  validHours: number;
}): OutgoingMail {
  const greeting = input.displayName.trim() ? `Hello ${input.displayName.trim()},` : 'Hello,';
  const as = input.roleName ? ` as ${input.roleName}` : '';
  const added = `You have been added to the staff of ${input.merchantName} on the Lynk Merchant Portal${as}.`;
  const action = 'Set your password to activate your account:';
  const expiry = `The link works once and expires in ${input.validHours} hours. If it has expired, ask your administrator to register you again.`;
  const ignore = 'If you did not expect this email, you can ignore it.';
  return {
    to: input.to,
    subject: ACTIVATION_SUBJECT,
    link: input.link,
    text: [greeting, '', added, action, input.link, '', expiry, ignore].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(added)}</p>
<p>${escapeHtml(action)}<br><a href="${escapeHtml(input.link)}">Activate my account</a></p>
<p>${escapeHtml(expiry)}</p>
<p>${escapeHtml(ignore)}</p>`,
  };
}
