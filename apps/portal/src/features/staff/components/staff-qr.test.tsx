import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hideModal } from '@/lib/modal-registry';
import { installFakeFetch } from '@/test/fake-fetch';
import { makeListing, makeProfile } from '@/test/fixtures';
import { makeOrganization, renderRoutes } from '@/test/render';
import { BRANCH_STAFF_ROUTE, makeMember, ROLE_LIST, ROLES, STAFF, viewerSession } from '@/test/staff';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
const QR_PATH = '/api/profile/v2/qr-code/Till%20%201/lynk%7Cuser-20';

let saved: { name: string; type: string }[];
let quality: unknown[];

beforeEach(() => {
  saved = [];
  quality = [];
  let lastBlob: Blob | null = null;
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width: 200, height: 200, close: vi.fn() })),
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      ({
        fillRect: vi.fn(),
        drawImage: vi.fn(),
        fillText: vi.fn(),
        fillStyle: '',
      }) as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, type, q) => {
    quality.push(q);
    callback(new Blob(['jpeg'], { type }));
  });
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    lastBlob = blob as Blob;
    return 'blob:qr';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, type: lastBlob?.type ?? '' });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The staff page with a cashier whose display name has a '#', and the QR route answering `qr`. */
function renderWithQr(qr: () => Response) {
  hideModal();
  const { fetchMock } = installFakeFetch({
    [`GET ${ROLES}`]: ROLE_LIST,
    [`GET ${STAFF}`]: { body: makeListing([makeMember(20, 3, { display_name: 'Till #1' })]) },
  });
  const fake = fetchMock.getMockImplementation()!;
  const paths: string[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (!url.pathname.startsWith('/api/profile/v2/qr-code/')) return fake(input, init);
    paths.push(url.pathname);
    return qr();
  });
  renderRoutes([BRANCH_STAFF_ROUTE], {
    path: '/1001/staff',
    session: viewerSession(1),
    organization: makeOrganization({ profile: makeProfile() }),
    overlays: true,
  });
  return { paths };
}

async function clickQr() {
  const table = await screen.findByRole('table', { name: 'Staff' });
  const row = await within(table).findByRole('row', { name: /Till #1/ });
  await userEvent.click(within(row).getByRole('button', { name: 'Download the QR code of Till #1' }));
}

describe("a cashier's QR download (spec sections 7, 8 and 9)", () => {
  it("fetches the cashier's PNG ('#' as a space), saves it as a JPEG at quality 0.98 named {merchant}__qrCode", async () => {
    const { paths } = renderWithQr(
      () => new Response(PNG, { status: 200, headers: { 'content-type': 'image/png' } }),
    );
    await clickQr();
    expect(
      await screen.findByText('QR code generated successfully. Please check you machine for the file.'),
    ).toBeInTheDocument();
    expect(paths).toEqual([QR_PATH]);
    expect(quality).toEqual([0.98]);
    expect(saved).toEqual([{ name: 'Kingston Coffee Co.__qrCode.jpg', type: 'image/jpeg' }]);
  });

  it('says the download failed when the server has no image', async () => {
    renderWithQr(
      () =>
        new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'x' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    );
    await clickQr();
    expect(await screen.findByText('Issue found during download, please try again.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
