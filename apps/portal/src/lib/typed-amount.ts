import { parseAmountToCents } from '@lynk/contract/money';
import { z } from 'zod/mini';

/**
 * An amount field as the user types it ("1,234.50") becoming cents once, before the contract's own
 * rules for that amount: an empty field reads `required`, anything that is not an amount `invalid`.
 */
export function typedAmountInCents(texts: { required: string; invalid: string }) {
  return z.pipe(
    z.string().check(z.minLength(1, texts.required)),
    z.transform((typed: string, context) => {
      // "12." is an amount being typed, not a mistake.
      const cents = parseAmountToCents(typed.replace(/\.$/, ''));
      if (cents === null) {
        context.issues.push({ code: 'custom', message: texts.invalid, input: typed });
        return z.NEVER;
      }
      return cents;
    }),
  );
}
