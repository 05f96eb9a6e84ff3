import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hideModal, openModal } from '@/lib/modal-registry';
import { renderWithProviders } from '@/test/render';

/** The transfer form's code, arriving when the test says so. */
const transferCode = vi.hoisted(() => {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrived, arrive: () => arrive() };
});

vi.mock('./modals', async () => {
  const { GenericModal } = await import('@/components/generic-modal');
  const { lazyPage } = await import('./lazy-page');
  return {
    MODAL_COMPONENTS: {
      'logout-user': () => <GenericModal subtitle="Leaving already?" />,
      // A chunk of its own: its code comes when the test says so.
      transfer: lazyPage(() =>
        transferCode.arrived.then(
          () =>
            function Transfer() {
              return <GenericModal subtitle="From, to and amount" />;
            },
        ),
      ),
    },
  };
});

afterEach(() => act(() => hideModal()));

describe('the modal host', () => {
  it('opens a modal at once, with a loader in the dialog while its code is on its way', async () => {
    renderWithProviders(<p>the page</p>, { overlays: true });
    act(() => openModal('logout-user', {}, { title: 'Log out?' }));
    expect(await screen.findByRole('dialog', { name: 'Log out?' })).toHaveTextContent('Leaving already?');

    act(() => openModal('transfer', {}, { title: 'Transfer' }));
    expect(await screen.findByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    expect(screen.getByText('Leaving already?')).not.toBeVisible();

    await act(async () => transferCode.arrive());
    const transfer = await screen.findByRole('dialog', { name: 'Transfer' });
    expect(transfer).toHaveTextContent('From, to and amount');
    expect(screen.queryByRole('status', { name: 'Loading...' })).not.toBeInTheDocument();
  });
});
