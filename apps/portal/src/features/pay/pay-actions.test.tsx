import { CSRF_HEADER, IDEMPOTENCY_KEY_HEADER, ORG_HEADER } from '@lynk/contract/session';
import { PRODUCT_MESSAGES } from '@lynk/contract/messages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeRoutes } from '@/test/fake-fetch';
import {
  CODE,
  DECLINE_PATH,
  LINK_PATH,
  PAID_LINK,
  makePayLink,
  payRoutes,
  renderPayPage,
  requestsTo,
} from '@/test/pay';

const PAY = 'Pay J$1,234.50';

function signedIn(extra: FakeRoutes) {
  return renderPayPage(payRoutes({ extra }));
}

async function clickPay() {
  await userEvent.click(await screen.findByRole('button', { name: PAY }));
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('paying and declining on the pay page', () => {
  it('pays and shows the receipt: merchant, amount, payment reference and paid date', async () => {
    signedIn({ [`POST ${LINK_PATH}`]: { body: { data: PAID_LINK } } });
    await clickPay();
    const receipt = await screen.findByTestId('pay-receipt');
    expect(within(receipt).getByRole('heading', { name: 'Payment complete' })).toHaveFocus();
    expect(within(receipt).getByText('Kingston Coffee Co.')).toBeInTheDocument();
    expect(within(receipt).getByText('J$1,234.50')).toBeInTheDocument();
    expect(within(receipt).getByText('TRF-PAY-000042')).toBeInTheDocument();
    expect(within(receipt).getByText('20/11/2026 15:05')).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PAY })).not.toBeInTheDocument();
    // The receipt, not "already paid": this customer has just paid it.
    expect(screen.queryByText(PRODUCT_MESSAGES.payLinkPaid)).not.toBeInTheDocument();
  });

  it('sends the CSRF header and an Idempotency-Key with a payment, and no organisation header', async () => {
    // The browser's own address: a page of the staff portal would name an organisation here.
    window.history.replaceState(null, '', `/pay/${CODE}?parent_org_id=1001`);
    const { requests } = signedIn({ [`POST ${LINK_PATH}`]: { body: { data: PAID_LINK } } });
    await clickPay();
    await screen.findByTestId('pay-receipt');
    const [sent] = requestsTo(requests, 'POST', LINK_PATH);
    expect(sent?.headers.get(CSRF_HEADER)).toBe('1');
    expect(sent?.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent?.credentials).toBe('same-origin');
    for (const request of requests) expect(request.headers.has(ORG_HEADER)).toBe(false);
    expect(requests.map((request) => request.path)).not.toContain('/api/session');
  });

  it('shows the server’s message when the wallet cannot cover the amount, and the link stays payable with a new key', async () => {
    const { requests } = signedIn({
      [`POST ${LINK_PATH}`]: {
        status: 422,
        body: { code: 'INSUFFICIENT_FUNDS', message: PRODUCT_MESSAGES.payInsufficientFunds },
      },
    });
    await clickPay();
    expect(await screen.findByRole('alert')).toHaveTextContent(PRODUCT_MESSAGES.payInsufficientFunds);
    const pay = screen.getByRole('button', { name: PAY });
    expect(pay).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeEnabled();
    expect(screen.getByText('Awaiting payment')).toBeInTheDocument();

    // A refusal is a definite answer: the next attempt is a new one.
    await userEvent.click(pay);
    await screen.findByRole('alert');
    const keys = requestsTo(requests, 'POST', LINK_PATH).map((r) => r.headers.get(IDEMPOTENCY_KEY_HEADER));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('sends a payment again with the same key after a network failure', async () => {
    let calls = 0;
    const { requests } = signedIn({
      [`POST ${LINK_PATH}`]: () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return { body: { data: PAID_LINK } };
      },
    });
    await clickPay();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not confirm your payment');
    await clickPay();
    await screen.findByTestId('pay-receipt');
    const keys = requestsTo(requests, 'POST', LINK_PATH).map((r) => r.headers.get(IDEMPOTENCY_KEY_HEADER));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('says so in the server’s words when the link was paid meanwhile, and offers nothing more', async () => {
    signedIn({
      [`POST ${LINK_PATH}`]: {
        status: 409,
        body: { code: 'ORDER_NOT_PAYABLE', message: PRODUCT_MESSAGES.payLinkExpired },
      },
    });
    await clickPay();
    expect(await screen.findByTestId('pay-closed')).toHaveTextContent(PRODUCT_MESSAGES.payLinkExpired);
    expect(screen.queryByRole('button', { name: /Pay|Decline/ })).not.toBeInTheDocument();
  });

  it('asks the customer to sign in again when their session ended, never the staff sign-in', async () => {
    const { requests, hardNavigate } = signedIn({
      [`POST ${LINK_PATH}`]: {
        status: 401,
        body: { code: 'UNAUTHENTICATED', message: 'User not authenticated' },
      },
    });
    await clickPay();
    expect(await screen.findByRole('button', { name: 'Sign in to pay' })).toBeInTheDocument();
    expect(requests.map((request) => request.path)).not.toContain('/api/session');
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it('declines only once confirmed, with the CSRF header, and then says it was declined', async () => {
    const { requests } = signedIn({
      [`POST ${DECLINE_PATH}`]: { body: { data: makePayLink({ status: 'REJECTED' }) } },
    });
    const decline = await screen.findByRole('button', { name: 'Decline' });
    await userEvent.click(decline);
    const question = screen.getByRole('group', { name: /Decline this payment request\?/ });
    expect(within(question).getByText(/Decline this payment request\?/)).toHaveFocus();
    expect(requestsTo(requests, 'POST', DECLINE_PATH)).toEqual([]);

    await userEvent.click(within(question).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('group', { name: /Decline this payment request\?/ })).not.toBeInTheDocument();
    expect(requestsTo(requests, 'POST', DECLINE_PATH)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, decline' }));
    expect(await screen.findByTestId('pay-closed')).toHaveTextContent(PRODUCT_MESSAGES.payLinkDeclined);
    expect(screen.getByText('Declined')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay|Decline/ })).not.toBeInTheDocument();
    const [sent] = requestsTo(requests, 'POST', DECLINE_PATH);
    expect(sent?.headers.get(CSRF_HEADER)).toBe('1');
    expect(sent?.headers.has(ORG_HEADER)).toBe(false);
  });

  it('shows the server’s message when a decline is refused', async () => {
    signedIn({
      [`POST ${DECLINE_PATH}`]: {
        status: 409,
        body: { code: 'ORDER_NOT_PAYABLE', message: PRODUCT_MESSAGES.payLinkPaid },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, decline' }));
    expect(await screen.findByTestId('pay-closed')).toHaveTextContent(PRODUCT_MESSAGES.payLinkPaid);
  });
});
