import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { STEP_UP_MESSAGE } from '@lynk/contract/step-up';
import { apiClient } from '@/lib/api-client';
import { installFakeFetch } from '@/test/fake-fetch';
import { renderWithProviders } from '@/test/render';
import { STEP_UP_TEXTS } from '../texts';
import { StepUpDialog } from './step-up-dialog';

const okSchema = z.object({ ok: z.boolean() });

/** The server refuses once with STEP_UP_REQUIRED, then accepts. */
function refusedOnce() {
  let calls = 0;
  return installFakeFetch({
    'POST /api/payment/batch-payments/7/approve': () =>
      ++calls === 1
        ? { status: 403, body: { code: 'STEP_UP_REQUIRED', message: STEP_UP_MESSAGE } }
        : { body: { ok: true } },
  });
}

function approve() {
  return apiClient.post('/api/payment/batch-payments/7/approve', okSchema, {
    body: { account_type: 'LYNK', account_id: 1 },
    headers: { 'Idempotency-Key': 'key-1' },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the step-up dialog', () => {
  it('opens the confirmation window and makes the same call again once the window says so', async () => {
    const { requests } = refusedOnce();
    const popup = { closed: false, close: vi.fn() };
    const open = vi.fn(() => popup);
    vi.stubGlobal('open', open);
    renderWithProviders(<StepUpDialog />);

    const call = approve();
    const dialog = await screen.findByRole('dialog', { name: STEP_UP_TEXTS.title });
    await userEvent.click(screen.getByRole('button', { name: STEP_UP_TEXTS.open }));
    expect(open).toHaveBeenCalledWith(
      '/auth/step-up?returnTo=%2Fauth%2Fstep-up%2Fdone',
      'lynk-step-up',
      expect.any(String),
    );
    expect(dialog).toHaveTextContent(STEP_UP_TEXTS.waiting);

    // What the window's last page does.
    const channel = new BroadcastChannel('lynk-step-up');
    channel.postMessage({ type: 'verified' });
    channel.close();

    await expect(call).resolves.toEqual({ ok: true });
    expect(requests).toHaveLength(2);
    expect(requests[1]?.body).toBe(requests[0]?.body);
    expect(requests[1]?.headers.get('idempotency-key')).toBe('key-1');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("fails the call with the server's message when the user cancels", async () => {
    const { requests } = refusedOnce();
    renderWithProviders(<StepUpDialog />);
    const call = approve().catch((error: unknown) => error);
    await screen.findByRole('dialog', { name: STEP_UP_TEXTS.title });
    await userEvent.click(screen.getByRole('button', { name: STEP_UP_TEXTS.cancel }));
    expect(await call).toMatchObject({ status: 403, code: 'STEP_UP_REQUIRED', message: STEP_UP_MESSAGE });
    expect(requests).toHaveLength(1);
  });

  it('confirms in this tab, coming back to the same page, when the window is blocked', async () => {
    refusedOnce();
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    window.history.pushState({}, '', '/1001/lynk-wallet/payment-history?page=2');
    const { hardNavigate } = renderWithProviders(<StepUpDialog />);
    void approve().catch(() => undefined);
    await screen.findByRole('dialog', { name: STEP_UP_TEXTS.title });
    await userEvent.click(screen.getByRole('button', { name: STEP_UP_TEXTS.open }));
    expect(hardNavigate).toHaveBeenCalledWith(
      '/auth/step-up?returnTo=%2F1001%2Flynk-wallet%2Fpayment-history%3Fpage%3D2',
    );
    await userEvent.click(screen.getByRole('button', { name: STEP_UP_TEXTS.cancel }));
    window.history.pushState({}, '', '/');
  });
});
