import { z } from 'zod/mini';

const addressSchema = z.object({
  address: z.string(),
  address_2: z.string(),
  city: z.string(),
  province: z.string(),
  country: z.string(),
});

/** GET /api/profile — the merchant profile of the signed-in organization (spec section 3). */
export const merchantProfileSchema = z.object({
  id: z.int(),
  merchant_id: z.int(),
  name: z.string(),
  organization_id: z.string(),
  parent_org_id: z.nullable(z.string()),
  parent_name: z.nullable(z.string()),
  about: z.string(),
  description: z.string(),
  category: z.string(),
  phone_number: z.string(),
  email: z.string(),
  username: z.string(),
  address: addressSchema,
  logo: z.nullable(z.string()),
  qr_code: z.string(),
  low_balance_threshold: z.int(),
  low_balance_enabled: z.boolean(),
  /** True when this organization has branches (the corporate view applies to its super admins). */
  has_children: z.boolean(),
});
export type MerchantProfile = z.infer<typeof merchantProfileSchema>;
