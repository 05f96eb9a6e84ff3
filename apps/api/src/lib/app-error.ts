/** Services throw this; the error handler turns it into `{ code, message, details? }`. */
export class AppError extends Error {
  readonly code: string;
  readonly statusCode: number;
  readonly details: unknown;

  constructor(code: string, statusCode: number, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = statusCode;
    this.details = details;
  }

  /** What the caller receives: `{ code, message, details? }`. */
  body(): { code: string; message: string; details?: unknown } {
    return {
      code: this.code,
      message: this.message,
      ...(this.details === undefined ? {} : { details: this.details }),
    };
  }
}

export const notFound = (message = 'Not found.') => new AppError('NOT_FOUND', 404, message);
export const unauthorized = (message = 'User not authenticated') =>
  new AppError('UNAUTHENTICATED', 401, message);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError('FORBIDDEN', 403, message);
export const badRequest = (message: string, details?: unknown) =>
  new AppError('BAD_REQUEST', 400, message, details);
