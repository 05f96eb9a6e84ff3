import { Button, Modal } from '@mantine/core';
import { useState } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { openModal } from '@/lib/modal-registry';
import { GenericModal } from './generic-modal';
import { renderWithProviders } from '@/test/render';

/** The generic modal through a registered modal that uses it: the logout confirmation. */
async function openLogout() {
  renderWithProviders(
    <Button onClick={() => openModal('logout-user', {}, { title: 'Are you sure you want to log out?' })}>
      Open
    </Button>,
    { overlays: true },
  );
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  return screen.findByRole('dialog', { name: 'Are you sure you want to log out?' });
}

describe('generic modal', () => {
  it('shows the title as the dialog name, the subtitle, a close control and an inline footer', async () => {
    const dialog = await openLogout();
    expect(
      within(dialog).getByText('You will not be able to access the dashboard after logging out.'),
    ).toBeInTheDocument();
    const footer = within(dialog).getByTestId('modal-footer');
    expect(footer).toHaveAttribute('data-layout', 'inline');
    // Inline, the main action comes last.
    expect(
      within(footer)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cancel', 'Logout']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stacks the footer with the main action first (the status modal)', async () => {
    renderWithProviders(
      <Button
        onClick={() =>
          openModal(
            'transaction-status',
            { variant: 'confirm', mainAction: { onClick: vi.fn() } },
            { title: 'Are you sure?' },
          )
        }
      >
        Open
      </Button>,
      { overlays: true },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    const footer = within(dialog).getByTestId('modal-footer');
    expect(footer).toHaveAttribute('data-layout', 'stacked');
    expect(
      within(footer)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Yes', 'Nevermind']);
  });
});

describe('generic modal options', () => {
  function renderModal(props: Parameters<typeof GenericModal>[0]) {
    renderWithProviders(
      <Modal.Root opened onClose={() => undefined}>
        <Modal.Content>
          <GenericModal {...props} />
        </Modal.Content>
      </Modal.Root>,
    );
    return screen.getByRole('dialog', { name: props.title });
  }

  it('submits its form with Enter, but sends nothing more while the main action is loading', async () => {
    const sent = vi.fn();
    // Like a modal whose mutation stays on its way after the first submission.
    function Sending() {
      const [loading, setLoading] = useState(false);
      return (
        <GenericModal
          title="Send"
          onSubmit={(event) => {
            event.preventDefault();
            sent();
            setLoading(true);
          }}
          mainAction={{ label: 'Send', loading }}
        >
          <input aria-label="Amount" />
        </GenericModal>
      );
    }
    renderWithProviders(
      <Modal.Root opened onClose={() => undefined}>
        <Modal.Content>
          <Sending />
        </Modal.Content>
      </Modal.Root>,
    );
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    await userEvent.type(amount, '5{Enter}');
    expect(sent).toHaveBeenCalledTimes(1);
    // The loading main action is disabled, so Enter would not get this far; a submit event does.
    fireEvent.submit(amount.closest('form')!);
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('offers a secondary action, leaves out the close control on request and shows a loading overlay', async () => {
    const onSecondary = vi.fn();
    const dialog = renderModal({
      title: 'Review',
      withCloseButton: false,
      loading: true,
      mainAction: { label: 'Approve' },
      secondaryAction: { label: 'Resume Later', onClick: onSecondary },
      cancelAction: { label: 'Cancel' },
    });
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('status', { name: 'Working...' })).toBeInTheDocument();
    expect(
      within(within(dialog).getByTestId('modal-footer'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cancel', 'Resume Later', 'Approve']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resume Later' }));
    expect(onSecondary).toHaveBeenCalledOnce();
  });

  it('has no overlay while not loading', () => {
    const dialog = renderModal({ title: 'Review', mainAction: { label: 'Approve' } });
    expect(within(dialog).queryByRole('status', { name: 'Working...' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});
