import { consumerSignInSchema } from '@lynk/contract/consumer';
import { z } from 'zod/mini';
import { PAY_TEXTS } from './texts';

/**
 * The customer's sign-in form: the contract's own fields (its email and password rules and
 * messages), with an empty email asked for rather than called invalid.
 */
export const signInFormSchema = z.object({
  email: z.pipe(
    z.string().check(z.trim(), z.minLength(1, PAY_TEXTS.emailRequired)),
    consumerSignInSchema.shape.email,
  ),
  password: consumerSignInSchema.shape.password,
});

export type SignInFormInput = z.input<typeof signInFormSchema>;
export type SignInFormOutput = z.output<typeof signInFormSchema>;
