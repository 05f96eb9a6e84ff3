import { MESSAGES } from '@lynk/contract/messages';

/** Customer Support. Not in the spec: the page's wording and the support address. */
export const SUPPORT_TEXTS = {
  title: MESSAGES.menu.customerSupport,
  intro:
    'Need help with your merchant account, a payment or a refund? Our support team is here to help. Send us an email with your merchant name and, where it applies, the order or transfer ID, and we will get back to you.',
  emailLabel: 'Email',
  email: 'support@lynk.us',
} as const;
