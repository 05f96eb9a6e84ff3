import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { portalServer } from '@/test/fake-server';
import { makeProfile, makeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const PREFS = '/api/profile/notifications-preferences';
const preferences = {
  notification_preferences: [
    { code: 'PAYMENT_RECEIVED', name: 'Payment received', enabled: true, editable: true },
    { code: 'LOW_BALANCE', name: 'Low balance', enabled: true, editable: true },
  ],
};

function renderSettings({ roleId = 1 as 1 | 2 | 3, extra = {} } = {}) {
  return renderApp(
    '/1001/notifications/settings',
    portalServer({
      session: makeSession(roleId),
      profile: makeProfile({ low_balance_threshold: 5000 }),
      extra: { [`GET ${PREFS}`]: { body: preferences }, ...extra },
    }),
  );
}

describe('the notification settings page', () => {
  it('enables Save only when something changed, and sends only what changed', async () => {
    const { requests } = renderSettings({
      extra: {
        [`PUT ${PREFS}`]: { body: preferences },
        'PUT /api/profile': { body: { low_balance_threshold: 7500, low_balance_enabled: true } },
      },
    });
    const save = await screen.findByRole('button', { name: 'Save' });
    const payment = screen.getByRole('switch', { name: 'Payment received' });
    const threshold = screen.getByRole('textbox', { name: 'Low balance threshold (J$)' });
    expect(threshold).toHaveValue('5000');
    expect(save).toBeDisabled();
    await userEvent.click(payment);
    expect(save).toBeEnabled();
    await userEvent.click(payment); // back as it was
    expect(save).toBeDisabled();

    await userEvent.click(payment);
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '7500');
    await userEvent.click(save);
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    const [prefsPut, profilePut] = requests.filter((r) => r.method === 'PUT');
    expect(prefsPut!.path).toBe(PREFS);
    expect(JSON.parse(prefsPut!.body!)).toEqual({
      notification_preferences: [{ code: 'PAYMENT_RECEIVED', name: 'Payment received', enabled: false }],
    });
    expect(profilePut!.path).toBe('/api/profile');
    expect(JSON.parse(profilePut!.body!)).toEqual({ low_balance_threshold: 7500 });
    await waitFor(() => expect(save).toBeDisabled());
  });

  it('keeps an edit typed while saving as an unsaved change, with its error', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    renderSettings({
      extra: { [`PUT ${PREFS}`]: () => new Promise((resolve) => (answer = resolve)) },
    });
    await userEvent.click(await screen.findByRole('switch', { name: 'Payment received' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const threshold = screen.getByRole('textbox', { name: 'Low balance threshold (J$)' });
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '10.5');
    answer({ body: preferences });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save' })).not.toHaveAttribute('data-loading'),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The low balance threshold must be a whole number.');
    expect(threshold).toHaveValue('10.5');
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '6000');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('accepts only a whole number as the threshold', async () => {
    renderSettings();
    const threshold = await screen.findByRole('textbox', { name: 'Low balance threshold (J$)' });
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '10.5');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The low balance threshold must be a whole number.',
    );
  });

  it('shows the error toast for 3 seconds when saving fails', async () => {
    const show = vi.spyOn(notifications, 'show');
    renderSettings({
      extra: { [`PUT ${PREFS}`]: { status: 500, body: { code: 'INTERNAL', message: 'boom' } } },
    });
    await userEvent.click(await screen.findByRole('switch', { name: 'Low balance' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('There was an error, please contact support.')).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'There was an error, please contact support.', autoClose: 3_000 }),
    );
    show.mockRestore();
  });

  it('lets a manager (no profile update) switch notifications and save them; only the threshold is locked', async () => {
    const { requests } = renderSettings({ roleId: 2, extra: { [`PUT ${PREFS}`]: { body: preferences } } });
    const payment = await screen.findByRole('switch', { name: 'Payment received' });
    expect(payment).toBeEnabled();
    expect(screen.getByRole('switch', { name: 'Low balance' })).toBeEnabled();
    const threshold = screen.getByRole('textbox', { name: 'Low balance threshold (J$)' });
    expect(threshold).toBeDisabled();
    expect(threshold).toHaveAccessibleDescription(
      expect.stringContaining('Only a user who may update the profile can change the low balance threshold.'),
    );
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await userEvent.click(payment);
    expect(save).toBeEnabled();
    await userEvent.click(save);
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    const [prefsPut] = requests.filter((r) => r.method === 'PUT');
    expect(prefsPut!.path).toBe(PREFS);
    expect(JSON.parse(prefsPut!.body!)).toEqual({
      notification_preferences: [{ code: 'PAYMENT_RECEIVED', name: 'Payment received', enabled: false }],
    });
  });

  it('blocks leaving with unsaved changes: Keep Editing stays, Discard Changes leaves', async () => {
    const { router } = renderSettings();
    await userEvent.click(await screen.findByRole('switch', { name: 'Payment received' }));
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    await userEvent.click(within(crumbs).getByRole('link', { name: 'Dashboard' }));
    let dialog = await screen.findByRole('dialog', { name: 'You have unsaved changes' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep Editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/1001/notifications/settings');
    expect(screen.getByRole('switch', { name: 'Payment received' })).not.toBeChecked();

    await userEvent.click(within(crumbs).getByRole('link', { name: 'Dashboard' }));
    dialog = await screen.findByRole('dialog', { name: 'You have unsaved changes' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard Changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/1001/lynk-wallet/orders'));
  });
  it('shows a switch the server says the caller may not change for everyone disabled, saying why', async () => {
    renderSettings({
      roleId: 2,
      extra: {
        [`GET ${PREFS}`]: {
          body: {
            notification_preferences: [
              { code: 'PAYMENT_RECEIVED', name: 'Payment received', enabled: true, editable: false },
            ],
          },
        },
      },
    });
    const payment = await screen.findByRole('switch', { name: /^Payment received/ });
    expect(payment).toBeDisabled();
    expect(
      screen.getByText('Only a user who sees all of these notifications can switch them for everyone.'),
    ).toBeVisible();
  });
});
