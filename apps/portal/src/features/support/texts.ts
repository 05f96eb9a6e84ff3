import { MESSAGES } from '@lynk/contract/messages';

/**
 * Customer Support. Not in the spec (it shows the page's route only): the page's wording, Lynk's
 * merchant support contacts and the answers to the questions merchants ask most.
 */
export const SUPPORT_TEXTS = {
  title: MESSAGES.menu.customerSupport,
  intro:
    'Need help with your merchant account, a payment, a transfer or a refund? Our merchant support team is here to help.',
  contactTitle: 'Contact us',
  emailLabel: 'Email',
  email: 'support@lynk.us',
  websiteLabel: 'Website',
  website: 'https://lynk.us',
  hoursLabel: 'Hours',
  hours: 'Monday to Friday, 8:30 am to 5:00 pm (Jamaica time). We reply within one business day.',
  includeTitle: 'When you write to us, please include',
  include: [
    'your merchant name and wallet ID (shown below),',
    'the order, transfer, refund or batch ID the question is about, with its date,',
    'what you expected to happen and what happened instead (a screenshot helps).',
  ],
  yourDetails: 'Your details',
  merchant: 'Merchant',
  walletId: 'Wallet ID',
  emailSubject: (merchant: string, walletId: string) => `Merchant support: ${merchant} (${walletId})`,
  urgentTitle: 'If you think someone else is using your account',
  urgent:
    'Log out, email us straight away with "Urgent" in the subject, and ask your administrator to deactivate any staff account you do not recognise. We never ask for your password.',
  faqTitle: 'Common questions',
} as const;

export interface FaqEntry {
  question: string;
  answer: string;
}

export const SUPPORT_FAQ: readonly FaqEntry[] = [
  {
    question: 'How can customers pay me with Lynk?',
    answer:
      'Customers pay from the Lynk app: they scan your QR code (Scan And Pay), open a payment request link you send them (Payment Link), show you their code to scan (Show To Pay) or find you by your wallet ID (Find And Pay). Every payment appears in the Orders tab of your main wallet as soon as it is made.',
  },
  {
    question: 'Where do I find my QR code?',
    answer:
      'Use the QR Code button on your wallet dashboard, or open My Profile. You can download it as an image to print for your counter, or copy its link to share it. Cashiers get their own QR code, so the payments they take are credited to them.',
  },
  {
    question: 'How do I ask a customer for a specific amount?',
    answer:
      'Choose Payment Request on the main wallet dashboard, enter the amount and an optional note, and copy the link to send by message or email. The order shows as Awaiting Payment until the customer pays it.',
  },
  {
    question: 'How do I refund a customer?',
    answer:
      'Open the order in the Orders tab and choose Issue Refund. Only a paid order can be refunded, in full or in part, and your main wallet balance must cover the amount. Refunds between Lynk wallets are immediate.',
  },
  {
    question: 'How do I move money to my bank account?',
    answer:
      'Choose Transfer on your dashboard, pick your main wallet as the source and your bank account as the destination. Bank transfers show as Scheduled, then Transmitted, then Completed; if the bank cannot accept one, the money is returned to your wallet and the transfer shows as Failed.',
  },
  {
    question: 'What are the limits on my wallet?',
    answer:
      'Cash-in and cash-out to your bank have daily limits, and batch payments a weekly limit. The limit bars on your dashboard show how much you have used; daily limits reset at midnight and the weekly limit at the start of the week (Jamaica time).',
  },
  {
    question: 'How do batch payments work?',
    answer:
      'Choose Create a Payment, then Batch payment, and upload a CSV file (up to 20 MB) of Lynk IDs and amounts; the template file shows the layout. We check every payee before you confirm. A processing fee plus GCT applies, and an administrator approves the batch before any money moves.',
  },
  {
    question: 'How do I export my transactions?',
    answer:
      'Choose Export on your wallet dashboard, pick up to one month of dates and, on the main wallet, the tables you want (Orders, Transfers, Refunds). A report holds up to 100 entries; narrow the dates if you have more. Last Reports keeps your five most recent reports to download again.',
  },
  {
    question: "Why can't I see some tabs or buttons?",
    answer:
      'What you see depends on your role. Cashiers see their own orders and can share payment links and their QR code; managers also see transfers, refunds and reports; administrators also manage staff and approve batch payments. Ask your administrator if you need more access.',
  },
  {
    question: 'How do I add or remove a staff member?',
    answer:
      'Administrators open Staff from the profile menu and choose Add User. The new user receives an email to activate their account. From the same page you can edit a user, deactivate them or delete them.',
  },
] as const;
