import type { SessionIdentity } from '@lynk/contract/session';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { makeAccount, makeProfile, makeSession } from '@/test/fixtures';
import { makeOrganization, renderWithProviders } from '@/test/render';
import { ProfilePage } from './profile-page';

function renderProfile(
  profile = makeProfile(),
  { session = makeSession(2), hasCbdc = false }: { session?: SessionIdentity; hasCbdc?: boolean } = {},
) {
  const server = installFakeFetch({
    'GET /api/profile': { body: profile },
    'GET /api/profile/v2/qr-code': { body: {} },
    'GET /api/profile/v2/qr-code?wallet=jam-dex': { body: {} },
    'GET /api/profile/v2/qr-code/Jodi%20Henry/auth%7Cjodi': { body: {} },
  });
  renderWithProviders(<ProfilePage />, {
    path: '/profile',
    session,
    organization: makeOrganization({
      profile,
      hasCbdc,
      accounts: hasCbdc ? [makeAccount('LYNK', 1), makeAccount('CBDC', 2)] : [makeAccount('LYNK', 1)],
    }),
  });
  return server;
}

const field = (section: HTMLElement, label: string) =>
  within(section).getByText(label, { selector: 'dt' }).nextElementSibling;

describe('My Profile', () => {
  it('shows the merchant profile: a US-pattern phone as +1 (xxx) xxx-xxxx, an empty description as N/A', async () => {
    renderProfile(makeProfile({ phone_number: '8765551234', description: '', about: 'Fresh roasts daily.' }));
    const business = await screen.findByRole('region', { name: 'Business details' });
    expect(field(business, 'Merchant')).toHaveTextContent('Kingston Coffee Co.');
    expect(field(business, 'Wallet ID')).toHaveTextContent('kingstoncoffee');
    expect(field(business, 'Phone')).toHaveTextContent('+1 (876) 555-1234');
    expect(field(business, 'Description')).toHaveTextContent('N/A');
    expect(field(business, 'About')).toHaveTextContent('Fresh roasts daily.');
    expect(field(business, 'Address')).toHaveTextContent('12 Hope Road, Kingston, St. Andrew, Jamaica');
  });

  it('shows any other phone as it is, and a branch its parent organisation', async () => {
    renderProfile(
      makeProfile({ phone_number: '+44 20 7946 0958', parent_name: 'Blue Mountain Coffee House' }),
    );
    const business = await screen.findByRole('region', { name: 'Business details' });
    expect(field(business, 'Phone')).toHaveTextContent('+44 20 7946 0958');
    expect(screen.getByText('A branch of Blue Mountain Coffee House')).toBeInTheDocument();
  });

  it('shows the signed-in user', async () => {
    renderProfile(makeProfile(), {
      session: makeSession(1, { displayName: 'Andre Brown', email: 'andre@example.com' }),
    });
    const account = await screen.findByRole('region', { name: 'Your account' });
    expect(field(account, 'Display name')).toHaveTextContent('Andre Brown');
    expect(field(account, 'Email')).toHaveTextContent('andre@example.com');
    expect(field(account, 'Role')).toHaveTextContent('Admin');
  });

  it("shows each wallet's QR code with whose it is, a cashier's own on the main wallet", async () => {
    const { requests } = renderProfile(makeProfile(), {
      hasCbdc: true,
      session: makeSession(3, { displayName: 'Jodi Henry', authID: 'auth|jodi' }),
    });
    const qr = await screen.findByRole('region', { name: 'QR codes' });
    expect(await within(qr).findByRole('img', { name: 'QR code of Jodi Henry' })).toBeInTheDocument();
    expect(
      await within(qr).findByRole('img', { name: 'QR code of Kingston Coffee Co. – JAM-DEX' }),
    ).toBeInTheDocument();
    expect(requests.map((r) => r.path)).toContain('/api/profile/v2/qr-code/Jodi%20Henry/auth%7Cjodi');
    expect(within(qr).getAllByRole('button', { name: 'QR Code' })).toHaveLength(2);
  });

  it('has no QR codes without the profile read permission', async () => {
    renderProfile(makeProfile(), { session: makeSession(2, { permissions: ['read:orders'] }) });
    await screen.findByRole('region', { name: 'Business details' });
    expect(screen.queryByRole('region', { name: 'QR codes' })).not.toBeInTheDocument();
  });
});
