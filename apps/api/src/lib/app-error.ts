import type { ApiError, ErrorCode } from '@lynk/contract/errors';
import { MESSAGES, PRODUCT_MESSAGES } from '@lynk/contract/messages';

/** Services throw this; the error handler turns it into `{ code, message, details? }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: unknown;

  constructor(code: ErrorCode, statusCode: number, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = statusCode;
    this.details = details;
  }

  /** What the caller receives: `{ code, message, details? }`. */
  body(): ApiError {
    return {
      code: this.code,
      message: this.message,
      ...(this.details === undefined ? {} : { details: this.details }),
    };
  }
}

export const notFound = (message: string = PRODUCT_MESSAGES.notFound) =>
  new AppError('NOT_FOUND', 404, message);
export const unauthorized = (message: string = MESSAGES.auth.notAuthenticated) =>
  new AppError('UNAUTHENTICATED', 401, message);
export const forbidden = (message: string = PRODUCT_MESSAGES.forbidden) =>
  new AppError('FORBIDDEN', 403, message);
export const badRequest = (message: string, details?: unknown) =>
  new AppError('BAD_REQUEST', 400, message, details);
