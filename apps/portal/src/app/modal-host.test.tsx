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
  const loaded = transferCode.arrived.then(
    () =>
      function Transfer() {
        return <GenericModal subtitle="From, to and amount" />;
      },
  );
  return {
    MODAL_COMPONENTS: {
      'logout-user': () => <GenericModal subtitle="Leaving already?" />,
      // A chunk: the same promise each time it is asked for.
      transfer: {
        loaded: undefined as unknown,
        load() {
          return loaded.then((component) => (this.loaded = component));
        },
      },
    },
  };
});

afterEach(() => act(() => hideModal()));

describe('the modal host', () => {
  it('opens a modal whose code is on its way only once it is in: never a loader the form then replaces', async () => {
    renderWithProviders(<p>the page</p>, { overlays: true });
    act(() => openModal('logout-user', {}, { title: 'Log out?' }));
    expect(await screen.findByRole('dialog', { name: 'Log out?' })).toBeInTheDocument();

    act(() => openModal('transfer', {}, { title: 'Transfer' }));
    // Meanwhile the modal on screen stays as it was, its own title too, and a bar says something is coming.
    expect(screen.getByRole('progressbar', { name: 'Loading...' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Log out?' })).toHaveTextContent('Leaving already?');
    expect(screen.queryByRole('status', { name: 'Loading...' })).not.toBeInTheDocument();

    transferCode.arrive();
    const transfer = await screen.findByRole('dialog', { name: 'Transfer' });
    expect(transfer).toHaveTextContent('From, to and amount');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
