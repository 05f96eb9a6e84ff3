import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { openModal } from '@/lib/modal-registry';
import { BATCHES, batchBody, batchRoute, makeBatch, renderOpener } from '@/test/batches';

vi.mock('@lynk/contract/constants', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@lynk/contract/constants')>()),
  BATCH_POLL_INTERVAL_MS: 5,
}));

const LOOKUP = '/api/profile/payee-lookup';
const openWizard = () => openModal('single-payment', {}, { title: 'Choose your recipient' });
const payee = {
  id: 7,
  user_id: 7,
  display_name: 'Marcia Campbell',
  user_name: 'marcia.campbell',
  name: 'Marcia',
  last_name: 'Campbell',
  email: 'marcia@example.com',
  phone_number: null,
  welcome_bonus_claimed: null,
  keep_default_username: null,
  verified: true,
  profile_type: 'CONSUMER',
};

describe('the single payment wizard', () => {
  it('looks the ID up with an "@", shows its errors under the field and clears them on edit', async () => {
    const { requests } = await renderOpener(openWizard, {
      routes: {
        [`GET ${LOOKUP}?lynk_id=%40ricardo.henry`]: {
          status: 404,
          body: { code: 'NOT_FOUND', message: 'x' },
        },
        [`GET ${LOOKUP}?lynk_id=%40kingston`]: { status: 403, body: { code: 'FORBIDDEN', message: 'x' } },
        [`GET ${LOOKUP}?lynk_id=%40broken`]: { status: 500 },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Choose your recipient' });
    const id = within(dialog).getByRole('textbox', { name: /Lynk ID/ });
    const next = within(dialog).getByRole('button', { name: 'Next' });
    await userEvent.type(id, 'ri');
    expect(next).toBeDisabled();
    await userEvent.type(id, 'cardo.henry');
    await userEvent.click(next);
    expect(
      await within(dialog).findByText(
        "I'm sorry, we could not find a matching or active account. Please verify the Lynk ID with the recipient and try again.",
      ),
    ).toBeInTheDocument();
    expect(requests.at(-1)?.path).toBe(`${LOOKUP}?lynk_id=%40ricardo.henry`);
    await userEvent.clear(id);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.type(id, 'kingston{Enter}');
    expect(await within(dialog).findByText('Transaction not allowed')).toBeInTheDocument();
    await userEvent.clear(id);
    await userEvent.type(id, 'broken{Enter}');
    expect(
      await within(dialog).findByText(
        'We are having some technical issues performing the ID check. Please try again',
      ),
    ).toBeInTheDocument();
  });

  it('pays a found payee: amount in cents with an Idempotency-Key, validation, then a manager requests approval', async () => {
    let reads = 0;
    const { requests } = await renderOpener(openWizard, {
      roleId: 2,
      routes: {
        [`GET ${LOOKUP}?lynk_id=%40marcia.campbell`]: { body: { data: payee } },
        [`POST ${BATCHES}/single-payee`]: {
          status: 201,
          body: { payees: [{ batch_id: 50, row_number: 1, lynk_id: '@marcia.campbell', amount: 1500_00 }] },
        },
        [`GET ${batchRoute(50)}`]: () => {
          reads += 1;
          return batchBody(
            makeBatch(50, {
              name: '',
              status: reads === 1 ? 'NEW' : 'VALIDATED',
              payee_count: 1,
              subtotal: 1500_00,
              lynk_fee: 15_00,
              lynk_fee_gct: 2_25,
              total: 1517_25,
            }),
          );
        },
        [`POST ${batchRoute(50)}/request`]: batchBody(makeBatch(50, { status: 'PENDING_APPROVAL' })),
      },
    });
    let dialog = await screen.findByRole('dialog', { name: 'Choose your recipient' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Lynk ID/ }), 'marcia.campbell{Enter}');
    dialog = await screen.findByRole('dialog', { name: 'Enter transfer amount' });
    expect(within(dialog).getByText('Paying Marcia Campbell (@marcia.campbell)')).toBeInTheDocument();
    const next = within(dialog).getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    // Back returns one step, with the ID kept.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    dialog = await screen.findByRole('dialog', { name: 'Choose your recipient' });
    expect(within(dialog).getByRole('textbox', { name: /Lynk ID/ })).toHaveValue('marcia.campbell');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    dialog = await screen.findByRole('dialog', { name: 'Enter transfer amount' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '1500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    expect(await within(dialog).findByText('J$1,517.25')).toBeInTheDocument();
    const created = requests.find((request) => request.path === `${BATCHES}/single-payee`)!;
    expect(JSON.parse(created.body!)).toEqual({ lynk_id: '@marcia.campbell', amount: 1500_00 });
    expect(created.headers.get('Idempotency-Key')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request approval' }));
    expect(await screen.findByRole('dialog', { name: 'Payment Sent for Approval' })).toBeInTheDocument();
  });

  it('asks before cancelling on the first step: Nevermind reopens it as it was, Yes closes', async () => {
    await renderOpener(openWizard);
    let dialog = await screen.findByRole('dialog', { name: 'Choose your recipient' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Lynk ID/ }), 'marcia');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    let confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(
      within(confirm).getByText(
        'Please confirm that you want to cancel this payment. This process cannot be undone.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Nevermind' }));
    dialog = await screen.findByRole('dialog', { name: 'Choose your recipient' });
    expect(within(dialog).getByRole('textbox', { name: /Lynk ID/ })).toHaveValue('marcia');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
