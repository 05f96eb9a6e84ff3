import { z } from 'zod/mini';
import { listingMetaSchema, wholeNumberParam } from './listings.ts';
import { MESSAGES } from './messages.ts';
import { ROLE_IDS } from './roles.ts';

/**
 * Staff and roles of the profile back end (spec sections 3, 5 and 7): `GET /v2/roles`,
 * `GET|POST v3/staff`, `GET|PATCH|DELETE v3/staff/{id}`. A staff member's id is their user id;
 * their role, QR setting and status belong to their membership of the caller's merchant.
 */

/** Roles a staff member can be given (spec section 9: ids 1 to 4). */
export const ASSIGNABLE_ROLE_IDS = [
  ROLE_IDS.ADMIN,
  ROLE_IDS.MANAGER,
  ROLE_IDS.CASHIER,
  ROLE_IDS.SUPER_ADMIN,
] as const;

/**
 * Super administrators one merchant may hold. The spec names the refusal ("User limit exceeded")
 * but not the number; see docs/decisions/028-staff-and-activation.md.
 */
export const MAX_SUPER_ADMINS_PER_MERCHANT = 3;

export const STAFF_DISPLAY_NAME_MAX_LENGTH = 100;
const STAFF_EMAIL_MAX_LENGTH = 254;

/** Staff messages the spec does not word (the API's refusals); the spec's own are in MESSAGES.staff. */
export const STAFF_PRODUCT_MESSAGES = {
  notFound: 'This staff member does not exist.',
  emailTaken: 'This email cannot be registered. Please use another email address.',
  emailNotEditable: 'The email of a staff member cannot be changed.',
  authIdMismatch: 'auth_id does not belong to this staff member.',
  ownRoleOrStatus: 'You cannot change your own role or status.',
  ownDelete: 'You cannot delete your own user.',
  superAdminOnly: 'Only a Super Administrator can manage Super Administrators.',
  superAdminRoleFixed: "A Super Administrator's role cannot be changed.",
  qrNameCashierOnly: 'Only a cashier can show their display name on the QR code.',
  otherMerchant: 'Staff can only be registered for the merchant you are signed in to.',
  roleNotAssignable: 'This role cannot be given to a staff member.',
} as const;

const roleSchema = z.object({ id: z.int(), name: z.string() });
export type Role = z.infer<typeof roleSchema>;
/** GET /v2/roles */
export const rolesResponseSchema = z.object({ result: z.array(roleSchema) });

const staffMembershipSchema = z.object({
  merchant_id: z.int(),
  role_id: z.int(),
  show_qr_display_name: z.boolean(),
  active: z.boolean(),
});

/** A staff member of the caller's merchant (spec section 3, "Staff member"). */
export const staffMemberSchema = z.object({
  id: z.int(),
  auth_id: z.string(),
  display_name: z.string(),
  email: z.string(),
  role: z.string(),
  role_id: z.int(),
  show_qr_display_name: z.boolean(),
  active: z.boolean(),
  merchants: z.array(staffMembershipSchema),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** GET v3/staff: `{ result, meta_data }` like every listing; the spec sends no sort for it. */
export const staffListQuerySchema = z.object({
  offset: z._default(wholeNumberParam(0, 10_000_000), 0),
  limit: z._default(wholeNumberParam(1, 100), 25),
});
export type StaffListQuery = z.infer<typeof staffListQuerySchema>;
export const staffListSchema = z.object({ result: z.array(staffMemberSchema), meta_data: listingMetaSchema });

export const staffParamsSchema = z.object({ id: wholeNumberParam(1, 2_147_483_647) });

// z.int's error covers both the type check and the whole-number check, as before.
const roleIdSchema = z.int({ error: MESSAGES.staff.roleRequired }).check(
  z.refine((id) => (ASSIGNABLE_ROLE_IDS as readonly number[]).includes(id), {
    message: STAFF_PRODUCT_MESSAGES.roleNotAssignable,
  }),
);

const emailSchema = z.pipe(
  z
    .string({ error: MESSAGES.staff.emailRequired })
    .check(
      z.trim(),
      z.minLength(1, MESSAGES.staff.emailRequired),
      z.maxLength(STAFF_EMAIL_MAX_LENGTH, MESSAGES.staff.emailInvalid),
    ),
  z.email(MESSAGES.staff.emailInvalid),
);

const displayNameSchema = z._default(z.string().check(z.maxLength(STAFF_DISPLAY_NAME_MAX_LENGTH)), '');

/**
 * Spec section 5: the display name is required when it is shown on the QR code ("This field is
 * required.", and "Please ensure that a valid display name is entered" when it is only spaces);
 * only a cashier's QR code shows it.
 */
export function displayNameIssue(displayName: string, showOnQr: boolean): string | null {
  if (!showOnQr) return null;
  if (displayName.length === 0) return MESSAGES.staff.displayNameRequired;
  if (displayName.trim().length === 0) return MESSAGES.staff.displayNameBlank;
  return null;
}

function checkQrName(
  value: { display_name: string; role_id: number; show_qr_display_name: boolean },
  ctx: z.core.$RefinementCtx,
) {
  if (value.show_qr_display_name && value.role_id !== ROLE_IDS.CASHIER) {
    ctx.addIssue({
      code: 'custom',
      message: STAFF_PRODUCT_MESSAGES.qrNameCashierOnly,
      path: ['show_qr_display_name'],
    });
  }
  const issue = displayNameIssue(value.display_name, value.show_qr_display_name);
  if (issue) ctx.addIssue({ code: 'custom', message: issue, path: ['display_name'] });
}

const createMembershipSchema = z.strictObject({
  merchant_id: z.int().check(z.positive()),
  role_id: roleIdSchema,
  show_qr_display_name: z._default(z.boolean(), false),
  active: z._default(z.boolean(), true),
});

/** POST v3/staff: `email`, `display_name`, `merchants[]` (the caller's merchant; see ADR 028). */
export const createStaffSchema = z
  .strictObject({
    email: emailSchema,
    display_name: displayNameSchema,
    merchants: z.array(createMembershipSchema).check(z.length(1, STAFF_PRODUCT_MESSAGES.otherMerchant)),
  })
  .check(
    z.superRefine((value, ctx) => {
      const membership = value.merchants[0];
      if (membership) checkQrName({ display_name: value.display_name, ...membership }, ctx);
    }),
  );
export type CreateStaff = z.input<typeof createStaffSchema>;

/** PATCH v3/staff/{id}: the member as the edit form sends it; the email is checked, never changed. */
export const updateStaffSchema = z
  .strictObject({
    merchant_id: z.int().check(z.positive()),
    auth_id: z.string().check(z.minLength(1), z.maxLength(128)),
    email: emailSchema,
    display_name: displayNameSchema,
    role_id: roleIdSchema,
    show_qr_display_name: z.boolean(),
    active: z.boolean(),
  })
  .check(z.superRefine(checkQrName));
export type UpdateStaff = z.input<typeof updateStaffSchema>;

export const staffDeletedSchema = z.object({ id: z.int() });
