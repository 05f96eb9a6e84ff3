/**
 * zod's settings for the portal, imported by main.tsx before any other script (only its globs of
 * stylesheets come before it; the entry chunk keeps its modules' import order) and by the test
 * setup, so they hold before any schema is made or parsed. zod reads this global config when it
 * loads; the portal's code imports nothing of zod here for that reason.
 *
 * - `jitless`: zod validates without compiling code at run time. The portal's schemas are
 *   zod/mini, whose objects never compile a parser; zod classic's objects (should classic come
 *   back, directly or with a dependency) probe `new Function('')` as each is built, which the
 *   portal's CSP (`script-src 'self'`, no eval) refuses and reports as a violation.
 * - `localeError`: zod/mini loads no locale, so an issue without a message of its own reads
 *   "Invalid input". The one such issue a user can meet is a text over a limit the contract sets
 *   without a message (the pay page's email and password, a staff member's display name): it
 *   says the limit in words ("Use at most 100 characters."), not in zod's developer English
 *   ("Too big: expected string to have <=100 characters"). Every other rule a user can break
 *   carries the spec's text.
 */
interface ZodIssue {
  code?: string;
  origin?: string;
  maximum?: number | bigint;
  inclusive?: boolean;
}

function tooLongText(issue: ZodIssue): string | undefined {
  if (issue.code !== 'too_big' || issue.origin !== 'string') return undefined;
  return `Use ${issue.inclusive ? 'at most' : 'fewer than'} ${issue.maximum} characters.`;
}

const zodConfig = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodConfig.__zod_globalConfig = { ...zodConfig.__zod_globalConfig, jitless: true, localeError: tooLongText };
