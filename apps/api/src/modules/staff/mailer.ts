import { createTransport } from 'nodemailer';
import type { Db } from '../../db/transaction.ts';
import { insertDevMail } from './activation-repository.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about; the development mail viewer shows it as a link. */
  link: string | null;
}

/**
 * Where messages go: an SMTP server (nodemailer) when `SMTP_URL` is set; otherwise, in the demo,
 * the mailbox read by the mail viewer (`/dev/mail`). `SENT` and `KEPT` say which. In production
 * without SMTP there is no mailer at all: messages wait in the outbox.
 */
export interface Mailer {
  deliver(db: Db, mail: OutgoingMail): Promise<'SENT' | 'KEPT'>;
}

export interface MailerSettings {
  smtpUrl: string | undefined;
  from: string;
  /** The demo keeps messages for the mail viewer; production never does. */
  demo: boolean;
}

export function createMailer(settings: MailerSettings): Mailer | null {
  if (settings.smtpUrl) {
    const transport = createTransport(settings.smtpUrl);
    return {
      async deliver(_db, mail) {
        await transport.sendMail({
          from: settings.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        return 'SENT';
      },
    };
  }
  if (!settings.demo) return null;
  return {
    async deliver(db, mail) {
      await insertDevMail(db, { to: mail.to, subject: mail.subject, text: mail.text, link: mail.link });
      return 'KEPT';
    },
  };
}
