import { Button } from '@mantine/core';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makeTransfer } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { openTransferDetails } from './open-transfer-details';

/** jsdom has no resizing: the smartphone breakpoint is a value the test moves. */
const viewport = vi.hoisted(() => {
  let smartphone = false;
  const listeners = new Set<() => void>();
  return {
    get: () => smartphone,
    set(next: boolean) {
      smartphone = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});

vi.mock('@/lib/use-smartphone', () => ({
  useIsSmartphone: () => useSyncExternalStore(viewport.subscribe, viewport.get),
}));

async function openDetails(onSmartphone: boolean) {
  viewport.set(onSmartphone);
  renderWithProviders(<Button onClick={() => openTransferDetails(makeTransfer(1))}>Open</Button>, {
    overlays: true,
  });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  return screen.findByRole('dialog', { name: 'Transfer details' });
}

describe('transfer details modal (more-trans-details)', () => {
  it('closes when a smartphone screen becomes desktop width', async () => {
    await openDetails(true);
    act(() => viewport.set(false));
    expect(screen.queryByRole('dialog', { name: 'Transfer details' })).not.toBeInTheDocument();
  });

  it('closes when the screen becomes desktop width again, though it opened at desktop width', async () => {
    await openDetails(false);
    act(() => viewport.set(true));
    expect(screen.getByRole('dialog', { name: 'Transfer details' })).toBeInTheDocument();
    act(() => viewport.set(false));
    expect(screen.queryByRole('dialog', { name: 'Transfer details' })).not.toBeInTheDocument();
  });

  it('stays open at desktop width', async () => {
    await openDetails(false);
    expect(await screen.findByText('TRF-000001')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Transfer details' })).toBeInTheDocument();
  });
});
