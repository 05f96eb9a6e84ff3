import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashToken } from './token-hash.ts';

describe('hashToken', () => {
  it('is the SHA-256 in base64url that the stored sessions and tokens were written with', () => {
    for (const token of ['', 'a', 'Zm9v-YmFy_', 'é€😀', 'x'.repeat(1000)]) {
      expect(hashToken(token)).toBe(createHash('sha256').update(token).digest('base64url'));
    }
  });

  it('never returns the token itself', () => {
    expect(hashToken('session-id')).not.toContain('session-id');
    expect(hashToken('session-id')).toHaveLength(43);
  });
});
