import { displayNameIssue, STAFF_DISPLAY_NAME_MAX_LENGTH } from '@lynk/contract/staff';
import { z } from 'zod/mini';
import { REGISTER_TEXTS } from './texts';

/**
 * The register-user / edit-user form (spec section 5, "Staff form"): email required and valid,
 * role required, the display name required (and not only spaces) when it shows on the QR code.
 * The display-name rule is the contract's own, which the server applies too.
 */
export const staffFormSchema = z
  .object({
    email: z.pipe(
      z.string().check(z.trim(), z.minLength(1, REGISTER_TEXTS.emailRequired)),
      z.email(REGISTER_TEXTS.emailInvalid),
    ),
    roleId: z.pipe(
      z.pipe(
        z.string().check(z.minLength(1, REGISTER_TEXTS.roleRequired)),
        z.transform((typed: string) => Number(typed)),
      ),
      z.int().check(z.positive(REGISTER_TEXTS.roleRequired)),
    ),
    displayName: z.string().check(z.maxLength(STAFF_DISPLAY_NAME_MAX_LENGTH)),
    showQrDisplayName: z.boolean(),
    active: z.boolean(),
  })
  .check(
    z.superRefine((value, ctx) => {
      const issue = displayNameIssue(value.displayName, value.showQrDisplayName);
      if (issue) ctx.addIssue({ code: 'custom', message: issue, path: ['displayName'] });
    }),
  );

export type StaffFormInput = z.input<typeof staffFormSchema>;
export type StaffFormOutput = z.output<typeof staffFormSchema>;
