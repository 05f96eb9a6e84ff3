import { AppError } from './app-error.ts';

declare global {
  interface String {
    /** ES2024, in Node since 20; the project's TypeScript library is ES2023's. */
    isWellFormed(): boolean;
  }
}

/**
 * Text PostgreSQL can store. JSON can carry two things a `text` column cannot: a NUL (`\u0000`;
 * PostgreSQL refuses it) and an unpaired UTF-16 surrogate (`\ud800`; not Unicode, so it cannot be
 * encoded as UTF-8). Both are refused as bad requests before any of the request is written,
 * instead of failing as a 500 deep inside a query.
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}

export const unstorableText = () =>
  new AppError(
    'BAD_REQUEST',
    400,
    'The request contains a NUL character (\\u0000) or an unpaired surrogate (\\uD800–\\uDFFF) in its text, which cannot be stored.',
  );

/**
 * Whether every string of a parsed JSON body, its keys too, is storable. Only an escape puts
 * either character in a parsed string (JSON refuses a raw NUL, and bytes decoded as UTF-8 never
 * yield a lone surrogate), so a body without `\u` is answered without looking at its strings:
 * one scan of the text for nearly every request.
 */
export function isStorableJson(raw: string, parsed: unknown): boolean {
  if (!raw.includes('\\u')) return true;
  // Walked with a stack of its own: JSON nested a million deep must not overflow the call stack.
  const pending: unknown[] = [parsed];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (!isStorableText(value)) return false;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, member] of Object.entries(value)) {
        if (!isStorableText(key)) return false;
        pending.push(member);
      }
    }
  }
  return true;
}
