import { cleanNotifications, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from './provider';
import { ToastHost } from './toast-host';

vi.mock('./toast-host', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./toast-host')>();
  return { ToastHost: vi.fn(actual.ToastHost) };
});

afterEach(() => {
  act(() => cleanNotifications());
  vi.mocked(ToastHost).mockClear();
});

describe('the toast host', () => {
  it('is neither loaded nor rendered while no toast has been shown', async () => {
    render(
      <AppProvider env="test">
        <p>The page</p>
      </AppProvider>,
    );
    expect(await screen.findByText('The page')).toBeInTheDocument();
    await act(() => Promise.resolve());
    expect(ToastHost).not.toHaveBeenCalled();
  });

  it('shows a toast asked for before it was loaded, once it is in', async () => {
    render(
      <AppProvider env="test">
        <p>The page</p>
      </AppProvider>,
    );
    act(() => {
      notifications.show({ message: 'Link copied' });
    });
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(ToastHost).toHaveBeenCalled();
  });
});
