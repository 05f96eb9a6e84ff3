import { generateKeyPairSync } from 'node:crypto';
import type { JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../../test/access-tokens.ts';
import { createAccessTokenVerifier, publicJwk } from './tokens.ts';

const ISSUER = 'https://portal.example/oidc';
const AUDIENCE = 'https://portal.example/api';
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const signingKey: JWK = {
  ...(privateKey.export({ format: 'jwk' }) as JWK),
  kid: 'k1',
  alg: 'RS256',
  use: 'sig',
};

/** A token signed at `issuedAt` (seconds) that expires `lifetime` seconds later. */
const sign = (issuedAt: number, lifetime: number) =>
  signAccessToken(signingKey, {
    issuer: ISSUER,
    audience: AUDIENCE,
    issuedAt,
    expiresAt: issuedAt + lifetime,
  });

function verifierAt(clock: { ms: number }) {
  return createAccessTokenVerifier({
    issuer: ISSUER,
    audience: AUDIENCE,
    publicKeys: [publicJwk(signingKey)],
    now: () => clock.ms,
  });
}

describe('the access-token verifier', () => {
  it('checks a token once and answers the same token from memory until it expires', async () => {
    const clock = { ms: 1_800_000_000_000 };
    const verifier = verifierAt(clock);
    const token = await sign(clock.ms / 1000, 300);
    const first = await verifier.verify(token);
    expect(first.identity).toMatchObject({ id: '4', org_id: 'org_1001', role: 'Cashier' });
    expect(first.expiresAt.getTime()).toBe(clock.ms + 300_000);
    clock.ms += 299_000;
    expect(await verifier.verify(token)).toBe(first);
  });

  it('refuses a remembered token once its exp has passed', async () => {
    const clock = { ms: 1_800_000_000_000 };
    const verifier = verifierAt(clock);
    const token = await sign(clock.ms / 1000, 300);
    await verifier.verify(token);
    clock.ms += 300_000;
    await expect(verifier.verify(token)).rejects.toThrow(/exp/);
  });

  it('verifies a token that differs from a remembered one by a single character afresh', async () => {
    const clock = { ms: 1_800_000_000_000 };
    const verifier = verifierAt(clock);
    const token = await sign(clock.ms / 1000, 300);
    await verifier.verify(token);
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(payload!, 'base64url').toString().replace('"Cashier"', '"Admin__"');
    await expect(
      verifier.verify(`${header}.${Buffer.from(forged).toString('base64url')}.${signature}`),
    ).rejects.toThrow(/signature/);
  });
});
