import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { openModal } from '@/lib/modal-registry';
import type { StaffMember } from '@lynk/contract/staff';
import { makeMember, renderOpener, STAFF, VIEWER_ID } from '@/test/staff';

const openRegister = (corporate = false) =>
  openModal('register-user', { corporate }, { title: 'Register New User' });
const openEdit = (member: StaffMember) =>
  openModal('register-user', { member, corporate: false }, { title: 'Edit User' });

async function registerDialog(routes = {}) {
  const view = await renderOpener(() => openRegister(), { routes });
  const dialog = await screen.findByRole('dialog', { name: 'Register New User' });
  await within(dialog).findByRole('option', { name: 'Cashier' });
  return { ...view, dialog };
}

describe('the register-user modal (spec section 5, staff form)', () => {
  it('requires the email and the role, and a valid email', async () => {
    const { dialog, requests } = await registerDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText('Email is a required field')).toBeInTheDocument();
    expect(within(dialog).getByText('User Role is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'not-an-email');
    expect(await within(dialog).findByText('Please input a valid email')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('requires a real display name when it shows on the QR code, which only cashiers have', async () => {
    const { dialog } = await registerDialog();
    const role = within(dialog).getByRole('combobox', { name: /User Role/ });
    await userEvent.selectOptions(role, 'Manager');
    expect(within(dialog).queryByRole('checkbox', { name: /QR code/ })).not.toBeInTheDocument();
    await userEvent.selectOptions(role, 'Cashier');
    const qr = within(dialog).getByRole('checkbox', { name: /QR code/ });
    await userEvent.click(qr);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'till@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Display name/ }), '   ');
    expect(
      await within(dialog).findByText('Please ensure that a valid display name is entered'),
    ).toBeInTheDocument();
    // Another role switches the QR setting off, and with it the display name rule.
    await userEvent.selectOptions(role, 'Manager');
    expect(within(dialog).queryByText('Please ensure that a valid display name is entered')).toBeNull();
    await userEvent.selectOptions(role, 'Cashier');
    expect(within(dialog).getByRole('checkbox', { name: /QR code/ })).not.toBeChecked();
  });

  it('registers a cashier, closes, and says the user will receive an activation email', async () => {
    const { dialog, requests } = await registerDialog({
      [`POST ${STAFF}`]: { status: 201, body: makeMember(40, 3) },
    });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'till@example.com');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /User Role/ }), 'Cashier');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Display name/ }), 'Till 4');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /QR code/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText('The registered user will receive an email to activate the account.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(JSON.parse(post.body!)).toEqual({
      email: 'till@example.com',
      display_name: 'Till 4',
      merchants: [{ merchant_id: 1001, role_id: 3, show_qr_display_name: true, active: true }],
    });
  });

  it.each([
    [403, 'User limit exceeded. No more Super Admins can be stored for this merchant.'],
    [409, "Oops! Something went wrong. Your transfer couldn't be initiated, please try again."],
  ])('answers a %i with "%s" and keeps the form', async (status, message) => {
    const { dialog } = await registerDialog({
      [`POST ${STAFF}`]: { status, body: { code: 'FORBIDDEN', message: 'x' } },
    });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'boss@example.com');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /User Role/ }), 'Admin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  });

  it('offers the admin, manager and cashier roles on a branch', async () => {
    const { dialog } = await registerDialog();
    const names = (element: HTMLElement) =>
      within(element)
        .getAllByRole('option')
        .filter((o) => !(o as HTMLOptionElement).disabled)
        .map((o) => o.textContent);
    expect(names(dialog)).toEqual(['Admin', 'Manager', 'Cashier']);
  });

  it('offers only Super Administrator on the corporate view', async () => {
    const names = (element: HTMLElement) =>
      within(element)
        .getAllByRole('option')
        .filter((o) => !(o as HTMLOptionElement).disabled)
        .map((o) => o.textContent);
    await renderOpener(() => openRegister(true), { roleId: 4 });
    const corporate = await screen.findByRole('dialog', { name: 'Register New User' });
    await within(corporate).findByRole('option', { name: 'Super Administrator' });
    expect(names(corporate)).toEqual(['Super Administrator']);
  });
});

describe('the edit-user modal', () => {
  it('keeps the email read-only and sends the whole member with the change', async () => {
    const member = makeMember(12, 2);
    const { requests } = await renderOpener(() => openEdit(member), {
      routes: { [`PATCH ${STAFF}/12`]: { body: makeMember(12, 3) } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await within(dialog).findByRole('option', { name: 'Cashier' });
    expect(within(dialog).getByRole('textbox', { name: /Email/ })).toBeDisabled();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /User Role/ }), 'Cashier');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This user was updated successfully!')).toBeInTheDocument();
    expect(JSON.parse(requests.find((r) => r.method === 'PATCH')!.body!)).toEqual({
      merchant_id: 1001,
      auth_id: 'lynk|user-12',
      email: 'person12@example.com',
      display_name: 'Person 12',
      role_id: 3,
      show_qr_display_name: false,
      active: true,
    });
  });

  it('does not let a user change their own role or status', async () => {
    await renderOpener(() => openEdit(makeMember(VIEWER_ID, 1)));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByRole('combobox', { name: /User Role/ })).toBeDisabled();
    expect(within(dialog).getByRole('switch', { name: /^Active/ })).toBeDisabled();
    expect(within(dialog).getAllByText('You cannot change your own role or status.')).not.toHaveLength(0);
  });

  it('says the update failed when the server refuses it', async () => {
    await renderOpener(() => openEdit(makeMember(12, 2)), {
      routes: { [`PATCH ${STAFF}/12`]: { status: 500, body: { code: 'INTERNAL', message: 'x' } } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Oops! Something went wrong. We were unable to update this user. Please try again.',
    );
  });

  it('offers a super administrator being edited only the super administrator role', async () => {
    await renderOpener(() => openEdit(makeMember(13, 4)), { roleId: 4 });
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await within(dialog).findByRole('option', { name: 'Super Administrator' });
    expect(within(dialog).queryByRole('option', { name: 'Admin' })).toBeNull();
  });
});
