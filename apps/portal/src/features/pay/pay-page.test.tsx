import { CONSUMER_MESSAGES } from '@lynk/contract/consumer';
import { PRODUCT_MESSAGES } from '@lynk/contract/messages';
import type { PayLink } from '@lynk/contract/orders';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  SIGN_IN_PATH,
  SIGN_OUT_PATH,
  makeConsumer,
  makePayLink,
  payRoutes,
  renderPayPage,
  requestsTo,
  signIn,
} from '@/test/pay';

describe('the pay page', () => {
  it.each([
    [
      'in the server’s words',
      { code: 'NOT_FOUND', message: 'This link was withdrawn by the merchant.' },
      'This link was withdrawn by the merchant.',
    ],
    ['with the page’s own text when the server gave none', undefined, PRODUCT_MESSAGES.payLinkNotFound],
  ])('says a link that does not exist does not, %s', async (_case, body, text) => {
    renderPayPage(payRoutes({ link: { status: 404, body } }));
    expect(await screen.findByTestId('pay-not-found')).toHaveTextContent(text);
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Email/)).not.toBeInTheDocument();
  });

  it('shows the request awaiting payment, with the sign-in form for a customer not signed in', async () => {
    renderPayPage(payRoutes({ consumer: null }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kingston Coffee Co.' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Lynk' })).toBeInTheDocument();
    expect(screen.getByTestId('pay-amount')).toHaveTextContent('J$1,234.50');
    expect(screen.getByText('Two flat whites and a patty')).toBeInTheDocument();
    expect(screen.getByText('Awaiting payment')).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Sign in to your Lynk wallet' });
    expect(within(form).getByText(CONSUMER_MESSAGES.signedOut)).toBeInTheDocument();
    expect(within(form).getByLabelText(/Email/)).toHaveAttribute('type', 'email');
    expect(within(form).getByLabelText(/Password/)).toHaveAttribute('type', 'password');
    expect(within(form).getByRole('button', { name: 'Sign in to pay' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
  });

  it('asks for the email and password before sending anything', async () => {
    const { requests } = renderPayPage(payRoutes({ consumer: null }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in to pay' }));
    expect(await screen.findByText('Please enter your email')).toHaveAttribute('role', 'alert');
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', SIGN_IN_PATH)).toEqual([]);
  });

  it('shows the server’s message when the sign-in is refused, and stays on the form', async () => {
    const { requests } = renderPayPage(
      payRoutes({
        consumer: null,
        extra: {
          [`POST ${SIGN_IN_PATH}`]: {
            status: 429,
            body: {
              code: 'RATE_LIMITED',
              message: 'Too many failed sign-ins for this email. Please try again in 15 minutes.',
            },
          },
        },
      }),
    );
    await signIn('Marcia@Example.com ', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed sign-ins for this email. Please try again in 15 minutes.',
    );
    expect(screen.getByRole('button', { name: 'Sign in to pay' })).toBeInTheDocument();
    const [sent] = requestsTo(requests, 'POST', SIGN_IN_PATH);
    // The contract's own parsing: trimmed, lower-cased.
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ email: 'marcia@example.com', password: 'wrong' });
  });

  it.each([
    ['the server’s message', { code: 'UNAUTHENTICATED', message: CONSUMER_MESSAGES.signInFailed }],
    ['the contract’s message when the server gave none', undefined],
  ])('says the email or password is not right on a 401, with %s', async (_case, body) => {
    renderPayPage(payRoutes({ consumer: null, extra: { [`POST ${SIGN_IN_PATH}`]: { status: 401, body } } }));
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(CONSUMER_MESSAGES.signInFailed);
  });

  it('shows who is paying and their balance once signed in, and signs them out', async () => {
    const { requests } = renderPayPage(
      payRoutes({
        consumer: null,
        extra: {
          [`POST ${SIGN_IN_PATH}`]: { body: { data: makeConsumer() } },
          [`POST ${SIGN_OUT_PATH}`]: { status: 204 },
        },
      }),
    );
    const user = await signIn();
    expect(await screen.findByText('Marcia Campbell')).toBeInTheDocument();
    expect(screen.getByText('@marcia')).toBeInTheDocument();
    expect(screen.getByText('J$5,000.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay J$1,234.50' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in to pay' })).toBeInTheDocument();
    expect(screen.queryByText('Marcia Campbell')).not.toBeInTheDocument();
    expect(requestsTo(requests, 'POST', SIGN_OUT_PATH)).toHaveLength(1);
  });

  it.each<[PayLink['status'], string]>([
    ['PAID', PRODUCT_MESSAGES.payLinkPaid],
    ['REJECTED', PRODUCT_MESSAGES.payLinkDeclined],
    ['EXPIRED', PRODUCT_MESSAGES.payLinkExpired],
  ])('says plainly that a %s link cannot be paid, with no way to pay it', async (status, text) => {
    const { requests } = renderPayPage(payRoutes({ link: makePayLink({ status }) }));
    expect(await screen.findByTestId('pay-closed')).toHaveTextContent(text);
    expect(screen.getByRole('heading', { level: 1, name: 'Kingston Coffee Co.' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay|Decline|Sign in/ })).not.toBeInTheDocument();
    // Nobody needs to sign in to read that.
    expect(requests.map((request) => request.path)).toEqual(['/api/payment/pay/Ab3_xY9-kLmN0pQrStUvWx']);
  });
});
