import { describe, expect, it } from 'vitest';
import { staffFormSchema } from './staff-form';

// zod/mini loads no locale: this limit reads as zod's English locale words it (lib/zod-config.ts).
describe('staffFormSchema', () => {
  it('says what zod’s English locale said for a too long display name', () => {
    const result = staffFormSchema.safeParse({
      email: 'a@b.co',
      roleId: '3',
      displayName: 'x'.repeat(101),
      showQrDisplayName: false,
      active: true,
    });
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['displayName'], message: 'Use at most 100 characters.' },
    ]);
  });
});
