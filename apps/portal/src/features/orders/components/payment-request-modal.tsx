import type { PaymentRequest } from '@lynk/contract/orders';
import { useState } from 'react';
import { PaymentRequestFormStep } from './payment-request-form-step';
import { PaymentRequestLinkStep } from './payment-request-link-step';

/** Opened with no data: the amount and note are asked for in the modal. */
export type PaymentRequestModalData = Record<string, never>;

/**
 * The payment request modal (key `payment-request`, spec sections 2, 4, 5): "New Payment Request"
 * asks for the amount and an optional note; once the request is created, "Link Ready To Share"
 * shows the message to send, the link as a QR code and Copy.
 */
export function PaymentRequestModal(_props: { data: PaymentRequestModalData }) {
  const [created, setCreated] = useState<{ request: PaymentRequest; note: string } | null>(null);
  if (!created)
    return <PaymentRequestFormStep onCreated={(request, note) => setCreated({ request, note })} />;
  return <PaymentRequestLinkStep request={created.request} note={created.note} />;
}
