/** What the pay page's tests share: a link, a customer and the fake server's pay routes. */
import type { Consumer } from '@lynk/contract/consumer';
import type { PayLink } from '@lynk/contract/orders';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FakeResponse, FakeRoutes, RecordedRequest } from '@/test/fake-fetch';
import { renderApp } from '@/test/render';

/** 22 URL-safe characters, as the server makes them. */
export const CODE = 'Ab3_xY9-kLmN0pQrStUvWx';
export const LINK_PATH = `/api/payment/pay/${CODE}`;
export const DECLINE_PATH = `${LINK_PATH}/decline`;
export const SESSION_PATH = '/api/consumer-auth/session';
export const SIGN_IN_PATH = '/api/consumer-auth/sign-in';
export const SIGN_OUT_PATH = '/api/consumer-auth/sign-out';

export function makePayLink(overrides: Partial<PayLink> = {}): PayLink {
  return {
    m_order_id: 'ORD-000001',
    merchant_name: 'Kingston Coffee Co.',
    amount_to_pay: 1_234_50,
    description: 'Two flat whites and a patty',
    status: 'RECEIVED',
    expires_at: '2026-11-25T15:30:00.000Z',
    transfer_id: null,
    paid_at: null,
    ...overrides,
  };
}

export function makeConsumer(overrides: Partial<Consumer> = {}): Consumer {
  return { lynk_id: '@marcia', display_name: 'Marcia Campbell', balance: 5_000_00, ...overrides };
}

export const PAID_LINK = makePayLink({
  status: 'PAID',
  transfer_id: 'TRF-PAY-000042',
  // 15:05 in Jamaica (UTC-5).
  paid_at: '2026-11-20T20:05:00.000Z',
});

export function payRoutes({
  link = makePayLink(),
  consumer = makeConsumer(),
  extra = {},
}: {
  link?: PayLink | FakeResponse;
  consumer?: Consumer | null;
  extra?: FakeRoutes;
} = {}): FakeRoutes {
  return {
    [`GET ${LINK_PATH}`]: 'm_order_id' in link ? { body: { data: link } } : link,
    // Nobody signed in is an answer of its own, not a 401.
    [`GET ${SESSION_PATH}`]: { body: { data: consumer } },
    ...extra,
  };
}

/** The whole portal at the pay page of `CODE`, against a fake server. */
export function renderPayPage(routes: FakeRoutes) {
  return renderApp(`/pay/${CODE}`, routes);
}

/** The requests sent to `path` with `method`. */
export function requestsTo(requests: readonly RecordedRequest[], method: string, path: string) {
  return requests.filter((request) => request.method === method && request.path === path);
}

export async function signIn(email = 'marcia@example.com', password = 'correct horse') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Email/), email);
  await user.type(screen.getByLabelText(/Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in to pay' }));
  return user;
}
