import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openModal } from '@/lib/modal-registry';
import type { FakeRoutes } from '@/test/fake-fetch';
import { renderOpener } from '@/test/orders';

const CREATE = '/api/payment/customer-transactions';
const LINK = 'https://pay.lynk.example/pay/AbCdEfGhIjKlMnOpQrStUv';
const CREATED = {
  status: 201,
  body: {
    data: {
      m_order_id: '1009',
      amount_to_pay: 1500_00,
      short_url: LINK,
      expires_at: '2026-11-26T20:30:00.000Z',
    },
  },
};

async function openPaymentRequest(routes: FakeRoutes = {}) {
  const view = await renderOpener(() => openModal('payment-request', {}, { title: 'New Payment Request' }), {
    routes,
    roleId: 3,
  });
  const dialog = await screen.findByRole('dialog', { name: 'New Payment Request' });
  const amount = await within(dialog).findByRole('textbox', { name: 'Amount' });
  return { ...view, dialog, amount };
}

const continueButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Continue' });

async function createLink(routes: FakeRoutes = { [`POST ${CREATE}`]: CREATED }) {
  const view = await openPaymentRequest(routes);
  await userEvent.type(view.amount, '1500');
  await userEvent.type(within(view.dialog).getByRole('textbox', { name: 'Note (Optional)' }), 'Table 4');
  await userEvent.click(continueButton(view.dialog));
  const link = await screen.findByRole('dialog', { name: 'Link Ready To Share' });
  return { ...view, link };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('payment request modal (payment-request)', () => {
  it('keeps Continue disabled until the amount is at least J$1, with the spec message below that', async () => {
    const { dialog, amount } = await openPaymentRequest();
    expect(
      within(dialog).getByText('Please fill in the following fields to create a new payment request link'),
    ).toBeInTheDocument();
    expect(continueButton(dialog)).toBeDisabled();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.type(amount, '0.99');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The amount needs to be greater than J$ 0.00',
    );
    expect(continueButton(dialog)).toBeDisabled();
    await userEvent.clear(amount);
    await userEvent.type(amount, '1');
    await vi.waitFor(() => expect(continueButton(dialog)).toBeEnabled());
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.clear(amount);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The amount needs to be greater than J$ 0.00',
    );
    expect(continueButton(dialog)).toBeDisabled();
  });

  it("counts the note's characters up to 100", async () => {
    const { dialog } = await openPaymentRequest();
    const note = within(dialog).getByRole('textbox', { name: 'Note (Optional)' });
    expect(within(dialog).getByText('0/100 characters')).toBeInTheDocument();
    await userEvent.type(note, 'Two flat whites');
    expect(within(dialog).getByText('15/100 characters')).toBeInTheDocument();
    expect(note).toHaveAttribute('maxlength', '100');
  });

  it('creates the request with an Idempotency-Key, then shows the link to share and its QR code', async () => {
    const { link, requests } = await createLink();
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.path).toBe(CREATE);
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      amount_to_pay: 1500_00,
      description: 'Table 4',
      currency: 'JMD',
    });
    expect(post?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    const message = within(link).getByRole('textbox', { name: 'Message to share' });
    expect(message).toHaveValue(
      `Kingston Coffee Co. has sent you a payment request of J$1,500.00.\nNote: Table 4\nPay here: ${LINK}\n` +
        'The link expires on 26/11/2026 15:30 (Jamaica time).',
    );
    const qr = await within(link).findByRole('img', { name: 'QR code of the payment link' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(within(link).getByRole('button', { name: 'Copy' })).toBeEnabled();
  });

  it('only logs a failed creation: the form stays as it was', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { dialog, amount, requests } = await openPaymentRequest({
      [`POST ${CREATE}`]: { status: 500, body: { code: 'INTERNAL', message: 'Boom' } },
    });
    await userEvent.type(amount, '25');
    await userEvent.click(continueButton(dialog));
    await vi.waitFor(() =>
      expect(log).toHaveBeenCalledWith('The payment request could not be created', expect.anything()),
    );
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'New Payment Request' })).toBeInTheDocument();
    expect(amount).toHaveValue('25');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(continueButton(dialog)).toBeEnabled();
  });

  it('copies the message about 2.4 s after Copy, shows the toast for about 2 s, then offers Copy again', async () => {
    const { link } = await createLink();
    const message = (within(link).getByRole('textbox', { name: 'Message to share' }) as HTMLTextAreaElement)
      .value;
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.useFakeTimers();

    fireEvent.click(within(link).getByRole('button', { name: 'Copy' }));
    expect(within(link).getByRole('button', { name: 'Copying...' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(2399));
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText('Payment Request Link Details copied successfully.')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(writeText).toHaveBeenCalledWith(message);
    expect(screen.getByText('Payment Request Link Details copied successfully.')).toBeInTheDocument();
    expect(within(link).getByRole('button', { name: 'Copied' })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(within(link).queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(within(link).getByRole('button', { name: 'Copy' })).toBeEnabled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByText('Payment Request Link Details copied successfully.')).not.toBeInTheDocument();
  });
});
