import { consumerSignInSchema } from '@lynk/contract/consumer';
import { z } from 'zod/mini';
import { PAY_TEXTS } from './texts';

/**
 * zod/mini loads no locale, and the contract's length limits on these two fields (254 and 200
 * characters) carry no message of their own: without this a user pasting a longer email or
 * password would read "Invalid input". The field keeps every rule and message of the contract and
 * says, for the limit only, what zod's English locale said.
 */
function withTooLongMessage<T extends z.ZodMiniType>(schema: T): T {
  const error = (issue: z.core.$ZodRawIssue) =>
    issue.code === 'too_big' ? PAY_TEXTS.tooLong(issue.maximum) : undefined;
  return schema.clone({ ...schema.def, error });
}

/**
 * The customer's sign-in form: the contract's own fields (its email and password rules and
 * messages), with an empty email asked for rather than called invalid.
 */
export const signInFormSchema = z.object({
  email: z.pipe(
    z.string().check(z.trim(), z.minLength(1, PAY_TEXTS.emailRequired)),
    withTooLongMessage(consumerSignInSchema.shape.email),
  ),
  password: withTooLongMessage(consumerSignInSchema.shape.password),
});

export type SignInFormInput = z.input<typeof signInFormSchema>;
export type SignInFormOutput = z.output<typeof signInFormSchema>;
