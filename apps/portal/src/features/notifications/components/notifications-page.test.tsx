import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { portalServer } from '@/test/fake-server';
import { renderApp } from '@/test/render';
import { makeNotification, makeNotificationsPage, TO_APPROVE } from '@/test/notifications';

const LIST = '/api/profile/notifications';

describe('the notifications page', () => {
  it("lists the tab's group ten a page, with the footer and pages", async () => {
    const rows = Array.from({ length: 10 }, (_, i) => makeNotification(i + 1));
    const { requests } = renderApp(
      '/1001/notifications/batch-payment',
      portalServer({ extra: { [`GET ${LIST}`]: { body: makeNotificationsPage(rows, { total: 23 }) } } }),
    );
    const pane = await screen.findByTestId('notifications-pane-batch-payment');
    expect(await within(pane).findAllByTestId('notification-item')).toHaveLength(10);
    expect(within(pane).getByText('Showing 1-10 of 23 entries')).toBeInTheDocument();
    expect(requests.map((r) => r.path)).toContain(`${LIST}?offset=0&limit=10&sort=DESC&group=BATCH_PAYMENT`);
    await userEvent.click(within(pane).getByRole('button', { name: '2' }));
    await waitFor(() =>
      expect(requests.map((r) => r.path)).toContain(
        `${LIST}?offset=10&limit=10&sort=DESC&group=BATCH_PAYMENT`,
      ),
    );
  });

  it('opens a batch to approve: marks it read, then offers Review Payment and Return to Dashboard', async () => {
    const { router, requests } = renderApp(
      '/1001/notifications/all',
      portalServer({
        extra: {
          [`GET ${LIST}`]: { body: makeNotificationsPage([TO_APPROVE(41, 7)]) },
          [`PUT ${LIST}/41/read`]: { body: { data: { ...TO_APPROVE(41, 7), read: true } } },
        },
      }),
    );
    await userEvent.click(await screen.findByTestId('notification-item'));
    const dialog = await screen.findByRole('dialog', { name: 'Batch payment waiting for approval' });
    expect(requests.some((r) => r.method === 'PUT' && r.path === `${LIST}/41/read`)).toBe(true);
    expect(within(dialog).getByText('Batch Payroll is waiting for your approval.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Return to Dashboard' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review Payment' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/1001/lynk-wallet/payment-history/review/7'),
    );
  });

  it('shows other notifications without the batch actions, and does not mark a read one again', async () => {
    const { requests } = renderApp(
      '/1001/notifications/all',
      portalServer({
        extra: { [`GET ${LIST}`]: { body: makeNotificationsPage([makeNotification(3, { read: true })]) } },
      }),
    );
    await userEvent.click(await screen.findByTestId('notification-item'));
    const dialog = await screen.findByRole('dialog', { name: 'Payment received 3' });
    expect(within(dialog).queryByRole('button', { name: 'Review Payment' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('Mark All As Read marks them read and flips the order between descending and ascending', async () => {
    const { requests } = renderApp(
      '/1001/notifications/all',
      portalServer({
        extra: {
          [`GET ${LIST}`]: { body: makeNotificationsPage([makeNotification(1)]) },
          [`PUT ${LIST}/read-all`]: { body: { unread_count: 0 } },
        },
      }),
    );
    const markAll = await screen.findByRole('button', { name: 'Mark All As Read' });
    await userEvent.click(markAll);
    await waitFor(() => expect(requests.map((r) => r.path)).toContain(`${LIST}?offset=0&limit=10&sort=ASC`));
    expect(requests.some((r) => r.method === 'PUT' && r.path === `${LIST}/read-all`)).toBe(true);
    await userEvent.click(markAll);
    await waitFor(() =>
      expect(requests.filter((r) => r.path === `${LIST}?offset=0&limit=10&sort=DESC`).length).toBeGreaterThan(
        1,
      ),
    );
  });

  it('Mark All As Read clears the bell even when a count read before it answers after it', async () => {
    // A page just loaded asks for the unread count; the click's PUT overtakes that request, whose
    // answer (read before the PUT) must not stand as the bell's count.
    let answerFirstCount: (() => void) | undefined;
    let countRequests = 0;
    let markedAll = false;
    renderApp(
      '/1001/notifications/all',
      portalServer({
        extra: {
          [`GET ${LIST}`]: { body: makeNotificationsPage([makeNotification(1)]) },
          [`GET ${LIST}/unread-count`]: () => {
            countRequests += 1;
            if (countRequests > 1) return { body: { unread_count: markedAll ? 0 : 1 } };
            return new Promise((resolve) => {
              answerFirstCount = () => resolve({ body: { unread_count: 1 } });
            });
          },
          [`PUT ${LIST}/read-all`]: () => {
            markedAll = true;
            return { body: { unread_count: 0 } };
          },
        },
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Mark All As Read' }));
    await waitFor(() => expect(markedAll).toBe(true));
    await waitFor(() => expect(answerFirstCount).toBeDefined());
    answerFirstCount!();
    // The count is read again after the PUT, and that answer, not the older one, is the bell's.
    await waitFor(() => expect(countRequests).toBe(2));
    const bell = screen.getAllByTestId('notification-bell')[0]!;
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications'));
  });

  it('cuts titles at 25 and bodies at 60 characters on smartphones, whole on desktop', async () => {
    const long = makeNotification(5, { title: 'T'.repeat(30), body: 'B'.repeat(70) });
    window.innerWidth = 375;
    const { unmount } = renderApp(
      '/1001/notifications/all',
      portalServer({ extra: { [`GET ${LIST}`]: { body: makeNotificationsPage([long]) } } }),
    );
    const item = await screen.findByTestId('notification-item');
    expect(within(item).getByText(`${'T'.repeat(25)}...`)).toHaveAttribute('title', 'T'.repeat(30));
    expect(within(item).getByText(`${'B'.repeat(60)}...`)).toBeInTheDocument();
    unmount();
    window.innerWidth = 1280;
    renderApp(
      '/1001/notifications/all',
      portalServer({ extra: { [`GET ${LIST}`]: { body: makeNotificationsPage([long]) } } }),
    );
    const wide = await screen.findByTestId('notification-item');
    expect(within(wide).getByText('T'.repeat(30))).toBeInTheDocument();
    expect(within(wide).getByText('B'.repeat(70))).toBeInTheDocument();
  });
});
