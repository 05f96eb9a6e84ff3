import { ROLE_PERMISSIONS } from '@lynk/contract/roles';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { makeSession } from '@/test/fixtures';
import { makeOrganization, renderWithProviders } from '@/test/render';
import { TransferButton } from './transfer-button';
import {
  MAIN,
  JAMDEX,
  BANK,
  ALL,
  DAILY_LIMIT_EXCEEDED,
  CASH_IN_LIMIT,
  limits,
  openTransfer,
  optionsOf,
  choose,
  typeAmount,
} from '@/test/transfer-modal';

describe('transfer button', () => {
  it('is hidden without a transfer permission', () => {
    renderWithProviders(<TransferButton wallet="main" />, {
      session: makeSession(3),
      organization: makeOrganization({ accounts: ALL }),
    });
    expect(screen.queryByRole('button', { name: 'Transfer' })).not.toBeInTheDocument();
  });

  it('is hidden without a linked account the user may use', () => {
    renderWithProviders(<TransferButton wallet="main" />, {
      session: makeSession(1),
      organization: makeOrganization({ accounts: [MAIN] }),
    });
    expect(screen.queryByRole('button', { name: 'Transfer' })).not.toBeInTheDocument();
  });
});

describe('transfer modal accounts', () => {
  it('starts from the wallet it was opened on and never offers the source as the target', async () => {
    const { dialog } = await openTransfer();
    expect(within(dialog).getByRole('combobox', { name: 'From' })).toHaveDisplayValue('Main wallet');
    expect(optionsOf(dialog, 'From')).toEqual([
      'Main wallet',
      'JAM-DEX wallet',
      'NCB ****1234',
      'JN Bank ****9876',
    ]);
    expect(optionsOf(dialog, 'To')).toEqual([
      'JAM-DEX wallet',
      'NCB ****1234',
      'JN Bank ****9876',
      'Marcia Campbell',
    ]);
  });

  it('offers JAM-DEX and beneficiaries as targets only from the main wallet', async () => {
    const { dialog } = await openTransfer();
    await choose(dialog, 'From', 'NCB ****1234');
    expect(optionsOf(dialog, 'To')).toEqual(['Main wallet']);
    // The only way from a bank account is into the main wallet: it is chosen already.
    expect(within(dialog).getByRole('combobox', { name: 'To' })).toHaveDisplayValue('Main wallet');

    await choose(dialog, 'From', 'JAM-DEX wallet');
    expect(optionsOf(dialog, 'To')).toEqual(['Main wallet']);
  });

  it('starts from JAM-DEX when opened on the JAM-DEX wallet', async () => {
    const { dialog } = await openTransfer({ wallet: 'cbdc' });
    expect(within(dialog).getByRole('combobox', { name: 'From' })).toHaveDisplayValue('JAM-DEX wallet');
    expect(within(dialog).getByRole('combobox', { name: 'To' })).toHaveDisplayValue('Main wallet');
  });

  it('drops a chosen target the new source cannot reach', async () => {
    const { dialog } = await openTransfer();
    await choose(dialog, 'To', 'Marcia Campbell');
    await choose(dialog, 'From', 'NCB ****1234');
    await choose(dialog, 'From', 'Main wallet');
    expect(within(dialog).getByRole('combobox', { name: 'To' })).toHaveValue('');
  });

  it('offers only what the permissions allow', async () => {
    // A manager may not cash in from a bank (create:cashins); without cbdc-cashouts JAM-DEX is no target.
    const permissions = ROLE_PERMISSIONS[2].filter((permission) => permission !== 'create:cbdc-cashouts');
    const { dialog } = await openTransfer({ permissions });
    expect(optionsOf(dialog, 'From')).toEqual(['Main wallet', 'JAM-DEX wallet']);
    expect(optionsOf(dialog, 'To')).toEqual(['NCB ****1234', 'JN Bank ****9876', 'Marcia Campbell']);
  });

  it('says a transfer cannot be made without a main wallet', async () => {
    installFakeFetch({});
    renderWithProviders(<TransferButton wallet="cbdc" />, {
      session: makeSession(1),
      organization: makeOrganization({ accounts: [JAMDEX, BANK] }),
      overlays: true,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(
      await screen.findByText('Unable to action a transfer. Please try again later.'),
    ).toBeInTheDocument();
  });
});

describe('transfer modal amount', () => {
  it('refuses an amount over what remains of the daily limit, with the spec message', async () => {
    const { dialog, requests } = await openTransfer({ routes: limits(500_00) });
    await choose(dialog, 'To', 'NCB ****1234');
    await typeAmount(dialog, '600');
    expect(await within(dialog).findByText(DAILY_LIMIT_EXCEEDED)).toBeInTheDocument();
    expect(DAILY_LIMIT_EXCEEDED).toBe('This action would exceeded your daily limit for this action.');
    // The amount left is the server's message, shown only when the server refuses.
    expect(within(dialog).queryByText(/remaining for this day/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm transfer' }));
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('accepts exactly what remains of the daily limit', async () => {
    const { dialog } = await openTransfer({ routes: limits(500_00) });
    await choose(dialog, 'To', 'NCB ****1234');
    await typeAmount(dialog, '500');
    await within(dialog).findByDisplayValue('500');
    expect(within(dialog).queryByText(DAILY_LIMIT_EXCEEDED)).not.toBeInTheDocument();
  });

  it('checks a cash-in from a bank against the cash-in (TOP) limit', async () => {
    const { dialog, requests } = await openTransfer({ routes: limits(50_00) });
    await choose(dialog, 'From', 'NCB ****1234');
    await typeAmount(dialog, '50.01');
    expect(await within(dialog).findByText(DAILY_LIMIT_EXCEEDED)).toBeInTheDocument();
    expect(requests.map((request) => request.path)).toContain(CASH_IN_LIMIT);
  });

  it('does not check the daily limit when JAM-DEX is either side', async () => {
    const { dialog, requests } = await openTransfer({ routes: limits(1_00) });
    await choose(dialog, 'To', 'JAM-DEX wallet');
    await typeAmount(dialog, '5000');
    expect(within(dialog).queryByText(DAILY_LIMIT_EXCEEDED)).not.toBeInTheDocument();
    expect(requests.filter((request) => request.path.includes('/limits'))).toHaveLength(0);
  });

  it('needs at least J$0.10', async () => {
    const { dialog } = await openTransfer();
    await choose(dialog, 'To', 'NCB ****1234');
    await typeAmount(dialog, '0.09');
    expect(await within(dialog).findByText('The amount minimum is J$0.10')).toBeInTheDocument();
  });

  it('asks for every field on submit', async () => {
    // Opened from a wallet the organisation lacks: nothing is chosen yet.
    const { dialog, requests } = await openTransfer({ wallet: 'cbdc', accounts: [MAIN, BANK] });
    expect(within(dialog).getByRole('combobox', { name: 'From' })).toHaveValue('');
    // Nothing is announced on open; each error is announced as it appears.
    expect(within(dialog).queryAllByRole('alert')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm transfer' }));
    expect(
      within(dialog)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual([
      'Please choose the account to transfer from.',
      'Please choose the account to transfer to.',
      'Please enter an amount.',
    ]);
    expect(within(dialog).getByText('Please choose the account to transfer from.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose the account to transfer to.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter an amount.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('groups thousands as the amount is typed', async () => {
    const { dialog } = await openTransfer();
    await typeAmount(dialog, '1234567.891');
    expect(within(dialog).getByRole('textbox', { name: 'Amount' })).toHaveValue('1,234,567.89');
  });
});
