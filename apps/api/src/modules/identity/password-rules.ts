/**
 * What a password a staff member chooses must be (OWASP ASVS 5.0, V6.2): long enough, not one
 * of the passwords tried first by anyone guessing, not the email, and typed the same twice. No
 * composition rules (ASVS 6.2.5): length is what makes a password hard to guess. One place, so
 * every page that sets a password (activation today) applies the same rules.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_RULES_TEXT = `Use at least ${PASSWORD_MIN_LENGTH} characters. Longer passphrases are better; any characters are allowed.`;

/** The most used passwords of 12 characters or more in public breach lists, lower case. */
const COMMON = new Set([
  '123456789012',
  '1234567890123',
  'qwertyuiopas',
  'qwerty123456',
  'password1234',
  'password12345',
  'passwordpassword',
  'iloveyou1234',
  'abc123456789',
  '111111111111',
  '000000000000',
  'aaaaaaaaaaaa',
  'letmein12345',
  'welcome12345',
  'administrator',
  'qwertyuiop123',
  '1q2w3e4r5t6y',
  'lynkmerchant',
  'lynkportal123',
]);

/** Every rule the password breaks, in the words the page shows; empty when it may be used. */
export function passwordProblems(input: { password: string; confirmation: string; email: string }): string[] {
  const { password, confirmation, email } = input;
  const problems: string[] = [];
  const length = [...password.normalize('NFKC')].length;
  const local = (email.split('@')[0] ?? '').toLowerCase();
  if (length < PASSWORD_MIN_LENGTH) {
    problems.push(`The password must have at least ${PASSWORD_MIN_LENGTH} characters.`);
  } else if (length > PASSWORD_MAX_LENGTH) {
    problems.push(`The password must have at most ${PASSWORD_MAX_LENGTH} characters.`);
  } else {
    const lower = password.toLowerCase();
    if (password.trim().length === 0 || new Set(password).size === 1 || COMMON.has(lower)) {
      problems.push('This password is too easy to guess. Please choose another one.');
    } else if (local.length >= 4 && lower.includes(local)) {
      problems.push('The password must not contain your email address.');
    }
  }
  if (password !== confirmation) problems.push('The two passwords do not match.');
  return problems;
}
