import type { SessionIdentity } from '@lynk/contract/session';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, type FakeRoutes } from '@/test/fake-fetch';
import { makeSession } from '@/test/fixtures';
import { makeOrganization, renderWithProviders } from '@/test/render';
import { QrCodeMenu } from './qr-code-menu';

// jsdom draws nothing on a canvas: what is drawn, and how it is saved, is the browser journey's.
const downloadQrJpeg = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('@/lib/qr/qr-jpeg', () => ({ downloadQrJpeg }));

const QR = '/api/profile/v2/qr-code';
const CODES = {
  data: {
    qr_code: 'lynk://pay/kingstoncoffee',
    jam_dex_qr_code: 'jamdex:wallet:kingstoncoffee',
    own_qr_code: 'lynk://pay/kingstoncoffee?staff=auth%7Cuser_1&name=Jane+Brown',
  },
};

function renderMenu(
  wallet: 'main' | 'cbdc',
  { session = makeSession(2), routes = {} }: { session?: SessionIdentity; routes?: FakeRoutes } = {},
) {
  const server = installFakeFetch({ [`GET /api/profile/qr-code`]: { body: CODES }, ...routes });
  renderWithProviders(<QrCodeMenu wallet={wallet} />, {
    path: '/1001/lynk-wallet/orders',
    session,
    organization: makeOrganization(),
    overlays: true,
  });
  return server;
}

async function choose(item: string) {
  await userEvent.click(screen.getByRole('button', { name: 'QR Code' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}

beforeEach(() => downloadQrJpeg.mockClear());

describe('the QR Code menu', () => {
  it("downloads the merchant's QR headed with the merchant's name, and says where the file went", async () => {
    const { requests } = renderMenu('main', { routes: { [`GET ${QR}`]: { body: {} } } });
    await choose('Download QR Code');
    expect(await screen.findByText('Merchant QR image generated successfully.')).toBeInTheDocument();
    expect(
      screen.getByText('QR code generated successfully. Please check you machine for the file.'),
    ).toBeInTheDocument();
    expect(requests.map((r) => r.path)).toContain(QR);
    expect(downloadQrJpeg).toHaveBeenCalledWith(
      expect.any(Blob),
      'Kingston Coffee Co.',
      'Kingston Coffee Co.',
    );
  });

  it("gives a cashier their own QR, headed with their display name ('#' sent as a space)", async () => {
    const session = makeSession(3, { displayName: 'Jane#Brown', authID: 'auth|user_1' });
    const path = '/api/profile/v2/qr-code/Jane%20Brown/auth%7Cuser_1';
    const { requests } = renderMenu('main', { session, routes: { [`GET ${path}`]: { body: {} } } });
    await choose('Download QR Code');
    expect(await screen.findByText('Merchant QR image generated successfully.')).toBeInTheDocument();
    expect(requests.map((r) => r.path)).toContain(path);
    expect(downloadQrJpeg).toHaveBeenCalledWith(expect.any(Blob), 'Jane#Brown', 'Kingston Coffee Co.');
  });

  it("downloads the JAM-DEX wallet's QR with its own message", async () => {
    const { requests } = renderMenu('cbdc', { routes: { [`GET ${QR}?wallet=jam-dex`]: { body: {} } } });
    await choose('Download QR Code');
    expect(await screen.findByText('Merchant JAM-DEX QR image generated successfully.')).toBeInTheDocument();
    expect(requests.map((r) => r.path)).toContain(`${QR}?wallet=jam-dex`);
    expect(downloadQrJpeg).toHaveBeenCalledWith(
      expect.any(Blob),
      'Kingston Coffee Co. – JAM-DEX',
      'Kingston Coffee Co.',
    );
  });

  it('says the download failed when the image cannot be had', async () => {
    renderMenu('main', {
      routes: { [`GET ${QR}`]: { status: 500, body: { code: 'INTERNAL', message: 'x' } } },
    });
    await choose('Download QR Code');
    expect(await screen.findByText('Issue found during download, please try again.')).toBeInTheDocument();
    expect(downloadQrJpeg).not.toHaveBeenCalled();
  });

  it("copies the link the merchant's QR encodes", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderMenu('main');
    await choose('Copy QR Code link');
    expect(await screen.findByText('Your QR Code link was copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('lynk://pay/kingstoncoffee');
  });

  it("copies a cashier's own counter link", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderMenu('main', { session: makeSession(3) });
    await choose('Copy QR Code link');
    await screen.findByText('Your QR Code link was copied');
    expect(writeText).toHaveBeenCalledWith(CODES.data.own_qr_code);
  });

  it('is not offered without the profile read permission', () => {
    renderMenu('main', { session: makeSession(2, { permissions: ['read:orders'] }) });
    expect(screen.queryByRole('button', { name: 'QR Code' })).not.toBeInTheDocument();
  });
});
