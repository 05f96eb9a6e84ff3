import { describe, expect, it } from 'vitest';
import { signInFormSchema } from './sign-in-form';

/** Messages by field, as react-hook-form shows them (the first issue of each field). */
function firstMessages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[issue.path.join('.')] ??= issue.message;
  return messages;
}

// zod/mini loads no locale: these limits read as zod's English locale words them (lib/zod-config.ts).
describe('length limits without a message in the contract', () => {
  const longEmail = `${'a'.repeat(250)}@example.com`;

  it('says what zod’s English locale said for a too long email or password', () => {
    const result = signInFormSchema.safeParse({ email: ` ${longEmail} `, password: 'p'.repeat(201) });
    expect(firstMessages(result)).toEqual({
      email: 'Use at most 254 characters.',
      password: 'Use at most 200 characters.',
    });
  });

  it('keeps the contract’s own messages first', () => {
    const result = signInFormSchema.safeParse({ email: 'x'.repeat(300), password: '' });
    expect(firstMessages(result)).toEqual({
      email: 'Please input a valid email',
      password: 'Please enter your password',
    });
    expect(signInFormSchema.safeParse({ email: ' A@B.CO ', password: 'p' })).toEqual({
      success: true,
      data: { email: 'a@b.co', password: 'p' },
    });
  });
});
