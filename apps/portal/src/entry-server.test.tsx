import { describe, expect, it } from 'vitest';
import { firstScreenRequests, renderFirstScreen } from './entry-server';
import { CODE, LINK_PATH, SESSION_PATH, makeConsumer, makePayLink } from '@/test/pay';
import { makeAccount, makeProfile, makeSession } from '@/test/fixtures';

const DASHBOARD = new URL('http://localhost/1001/lynk-wallet/transfers-history');
const ANSWERS = {
  '/api/session': makeSession(2, { displayName: 'Tanya Williams' }),
  '/api/profile': makeProfile({ name: 'Blue Mountain Coffee – Kingston' }),
  '/api/account/v1/accounts': { result: [makeAccount('LYNK'), makeAccount('CBDC', 2)] },
};
const PAY_PAGE = new URL(`http://localhost/pay/${CODE}`);
const PAY_ANSWERS = { [LINK_PATH]: { data: makePayLink() }, [SESSION_PATH]: { data: null } };
const STAFF = { staffSession: true };
const NOBODY = { staffSession: false };
const PHONE = { 'user-agent': 'Mozilla/5.0 (Linux; Android 11) Chrome/130.0.0.0 Mobile Safari/537.36' };

const render = (answers: Record<string, unknown>, headers: Record<string, string> = {}) =>
  renderFirstScreen(DASHBOARD, answers, headers, AbortSignal.timeout(5000));

describe('the first screen rendered on the server (ADR 038)', () => {
  it('asks for the session, profile and accounts of the organisation a page names, and nothing for other pages', () => {
    expect(firstScreenRequests(DASHBOARD, STAFF)).toEqual(
      ['/api/session', '/api/profile', '/api/account/v1/accounts'].map((path) => ({
        path,
        headers: { 'x-lynk-org': 'org_1001' },
      })),
    );
    expect(firstScreenRequests(new URL('http://localhost/profile'), STAFF)[0]).toEqual({
      path: '/api/session',
      headers: {},
    });
    for (const page of ['/pay/abc', '/my-wallet', '/no-such-page']) {
      expect(firstScreenRequests(new URL(page, 'http://localhost'), STAFF)).toEqual([]);
    }
  });

  it("asks nothing for a signed-in page without a staff session cookie, and the pay page's link and customer for anyone", () => {
    expect(firstScreenRequests(DASHBOARD, NOBODY)).toEqual([]);
    for (const caller of [NOBODY, STAFF]) {
      expect(firstScreenRequests(PAY_PAGE, caller)).toEqual([
        { path: LINK_PATH, headers: {} },
        { path: SESSION_PATH, headers: {} },
      ]);
    }
  });

  it('renders the frame and the branch heading from the answers, and sends them with it', async () => {
    const rendered = await render(ANSWERS);
    expect(rendered?.html).toMatch(
      /<h1[^>]*data-testid="branch-heading"[^>]*>Blue Mountain Coffee – Kingston<\/h1>/,
    );
    expect(rendered?.html).toContain('Tanya Williams');
    expect(rendered?.html).toContain('aria-label="Side menu"');
    expect(rendered?.state).toEqual({ answers: ANSWERS, smartphone: false });
  });

  it('renders the layout of a browser announcing a phone: no wallet switch in its header (the side menu has it)', async () => {
    const desktop = await render(ANSWERS);
    const phone = await render(ANSWERS, PHONE);
    const walletSwitches = (html: string) => html.match(/role="radiogroup"/g)?.length ?? 0;
    expect(walletSwitches(desktop!.html)).toBe(2);
    expect(walletSwitches(phone!.html)).toBe(0);
    expect(phone?.state).toMatchObject({ smartphone: true });
    expect((await render(ANSWERS, { ...PHONE, 'sec-ch-ua-mobile': '?0' }))?.state).toMatchObject({
      smartphone: false,
    });
  });

  it('renders no table: its rows per page follow the screen, which only the browser knows', async () => {
    const rendered = await render(ANSWERS);
    expect(rendered?.html).toContain('data-testid="wallet-pane-transfers-history"');
    expect(rendered?.html).not.toContain('Filter by');
    expect(rendered?.html).toContain('Loading...');
  });

  it('renders nothing from answers that are missing or not what the contract says', async () => {
    const { '/api/profile': _profile, ...withoutProfile } = ANSWERS;
    expect(await render(withoutProfile)).toBeNull();
    expect(await render({ ...ANSWERS, '/api/session': { id: 1 } })).toBeNull();
  });
});

describe("the customer's pay page rendered on the server", () => {
  const renderPay = (answers: Record<string, unknown>) =>
    renderFirstScreen(PAY_PAGE, answers, PHONE, AbortSignal.timeout(5000));

  it('renders the request and the sign-in form for a customer not signed in, and sends the answers with it', async () => {
    const rendered = await renderPay(PAY_ANSWERS);
    expect(rendered?.html).toMatch(/<h1[^>]*>Kingston Coffee Co.<\/h1>/);
    expect(rendered?.html).toContain('J$1,234.50');
    expect(rendered?.html).toContain('Two flat whites and a patty');
    expect(rendered?.html).toContain('Sign in to pay');
    expect(rendered?.html).toMatch(/<input[^>]*type="password"/);
    expect(rendered?.state).toEqual({ answers: PAY_ANSWERS, smartphone: true });
  });

  it('renders who is paying for a signed-in customer', async () => {
    const rendered = await renderPay({ ...PAY_ANSWERS, [SESSION_PATH]: { data: makeConsumer() } });
    expect(rendered?.html).toContain('Marcia Campbell');
    expect(rendered?.html).toContain('Pay J$1,234.50');
    expect(rendered?.html).not.toContain('type="password"');
  });

  it('renders nothing from answers that are missing or not what the contract says', async () => {
    expect(await renderPay({ [LINK_PATH]: PAY_ANSWERS[LINK_PATH] })).toBeNull();
    expect(await renderPay({ ...PAY_ANSWERS, [LINK_PATH]: { data: { amount_to_pay: '12' } } })).toBeNull();
  });
});
