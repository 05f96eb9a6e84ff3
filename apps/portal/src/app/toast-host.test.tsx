import { act, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';

afterEach(() => act(() => notifications.clean()));

describe('the toasts', () => {
  it('name their close button, which has only an icon', async () => {
    renderWithProviders(<p>the page</p>, { overlays: true });
    act(() => {
      notifications.show({ message: 'This user was deleted successfully!' });
    });
    expect(await screen.findByText('This user was deleted successfully!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});
