import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeResponse } from '@/test/fake-fetch';
import { makeTransfer } from '@/test/fixtures';
import { TRANSFERS, IN_PROGRESS, limits, openTransfer, choose, typeAmount } from '@/test/transfer-modal';

describe('transfer modal while sending', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function postsOf(requests: { method: string; headers: Headers }[]) {
    return requests.filter((request) => request.method === 'POST');
  }

  function overlay(): HTMLElement {
    const element = document.querySelector<HTMLElement>('.mantine-Modal-overlay');
    if (!element) throw new Error('No modal overlay');
    return element;
  }

  /** Escape, a click outside and the close button: each would close an idle modal. */
  async function tryToClose(dialog: HTMLElement) {
    await userEvent.keyboard('{Escape}');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await userEvent.click(overlay());
    fireEvent.mouseDown(overlay());
    fireEvent.click(overlay());
  }

  it('cannot be closed until the answer is in', async () => {
    let answer: (response: FakeResponse) => void = () => undefined;
    const { dialog, requests } = await openTransfer({
      routes: {
        ...limits(),
        [`POST ${TRANSFERS}`]: () =>
          new Promise<FakeResponse>((resolve) => {
            answer = resolve;
          }),
      },
    });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await choose(dialog, 'To', 'NCB ****1234');
    await typeAmount(dialog, '25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm transfer' }));
    await vi.waitFor(() => expect(postsOf(requests)).toHaveLength(1));

    await vi.waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument(),
    );
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(cancel).toBeDisabled();
    fireEvent.click(cancel);
    await tryToClose(dialog);
    expect(screen.getByRole('dialog', { name: 'Transfer' })).toBeInTheDocument();
    // Enter again sends nothing more.
    fireEvent.submit(within(dialog).getByRole('textbox', { name: 'Amount' }).closest('form')!);
    expect(postsOf(requests)).toHaveLength(1);

    act(() => answer({ status: 201, body: { data: makeTransfer(4, { status: 'SCHEDULED' }) } }));
    await screen.findByRole('dialog', { name: 'Your transfer is being processed' });
    expect(screen.queryByRole('dialog', { name: 'Transfer' })).not.toBeInTheDocument();
  });

  it('can be closed again once a failed attempt is over', async () => {
    const { dialog } = await openTransfer({
      routes: {
        ...limits(),
        [`POST ${TRANSFERS}`]: () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    await choose(dialog, 'To', 'NCB ****1234');
    await typeAmount(dialog, '25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm transfer' }));
    await within(dialog).findByText(/couldn't be initiated/);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(await within(dialog).findByRole('button', { name: 'Close' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Transfer' })).not.toBeInTheDocument(),
    );
  });

  /** Fills a cash-out of J$25 with real timers, then lets the test drive the clock. */
  async function submitWithFakeClock(answers: FakeResponse[]) {
    let calls = 0;
    const opened = await openTransfer({
      routes: {
        ...limits(),
        [`POST ${TRANSFERS}`]: () => answers[Math.min(calls++, answers.length - 1)] ?? IN_PROGRESS,
      },
    });
    await choose(opened.dialog, 'To', 'NCB ****1234');
    await typeAmount(opened.dialog, '25');
    vi.useFakeTimers();
    fireEvent.click(within(opened.dialog).getByRole('button', { name: 'Confirm transfer' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    return { ...opened, tick };
  }

  it('asks again after a second, with the same key, while the server is still processing it', async () => {
    const { dialog, requests, tick } = await submitWithFakeClock([
      IN_PROGRESS,
      IN_PROGRESS,
      { status: 201, body: { data: makeTransfer(5, { status: 'SCHEDULED' }) } },
    ]);
    expect(postsOf(requests)).toHaveLength(1);
    // A 409 in progress is no failure: no failure modal, and the modal stays locked.
    expect(screen.queryByRole('dialog', { name: 'Your Transfer Failed' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/couldn't be initiated/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Transfer' })).toBeInTheDocument();

    await tick(999);
    expect(postsOf(requests)).toHaveLength(1);
    await tick(1);
    expect(postsOf(requests)).toHaveLength(2);
    await tick(1000);
    expect(postsOf(requests)).toHaveLength(3);
    await tick(0);
    expect(screen.getByRole('dialog', { name: 'Your transfer is being processed' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Your Transfer Failed' })).not.toBeInTheDocument();

    const posts = postsOf(requests);
    const key = posts[0]?.headers.get('idempotency-key');
    expect(key).toBeTruthy();
    expect(posts.map((post) => post.headers.get('idempotency-key'))).toEqual([key, key, key]);
  });

  it('offers a retry with the same key, not the failure modal, when still in progress after five retries', async () => {
    const { dialog, requests, tick } = await submitWithFakeClock([IN_PROGRESS]);
    for (let retry = 1; retry <= 5; retry += 1) await tick(1000);
    await tick(0);
    expect(postsOf(requests)).toHaveLength(6);
    await tick(5000);
    expect(postsOf(requests)).toHaveLength(6);
    expect(screen.queryByRole('dialog', { name: 'Your Transfer Failed' })).not.toBeInTheDocument();
    expect(
      within(dialog).getByText(
        "Oops! Something went wrong. Your transfer couldn't be initiated, please try again.",
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm transfer' }));
    await tick(0);
    const keys = new Set(postsOf(requests).map((post) => post.headers.get('idempotency-key')));
    expect(postsOf(requests)).toHaveLength(7);
    expect(keys.size).toBe(1);
  });
});
