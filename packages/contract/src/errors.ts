import { z } from 'zod/mini';

/**
 * Every `code` the API answers with. One code per line, alphabetical. The `CTP_…`, `BAD_URL`,
 * `INVALID_URL` and `MAX_PARAM_LENGTH` codes are Fastify's own refusals of a malformed request,
 * passed on without their `FST_ERR_` prefix.
 */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'BAD_URL',
  'BATCH_FILE_SIZE',
  'BATCH_FILE_TYPE',
  'BATCH_FILE_UNREADABLE',
  'BATCH_STATUS_CONFLICT',
  'CSRF_REJECTED',
  'CTP_BODY_TOO_LARGE',
  'CTP_EMPTY_JSON_BODY',
  'CTP_INVALID_CONTENT_LENGTH',
  'CTP_INVALID_JSON_BODY',
  'CTP_INVALID_MEDIA_TYPE',
  'DAILY_LIMIT_EXCEEDED',
  'DATE_RANGE_INVALID',
  'EMAIL_TAKEN',
  'EXPORT_LIMIT',
  'FORBIDDEN',
  'IDEMPOTENCY_IN_PROGRESS',
  'IDEMPOTENCY_KEY_REQUIRED',
  'IDEMPOTENCY_KEY_REUSED',
  'INSUFFICIENT_FUNDS',
  'INTERNAL',
  'INVALID_URL',
  'LOOPBACK_ONLY',
  'MAX_PARAM_LENGTH',
  'NOT_FOUND',
  'NOT_READY',
  'ORDER_CHANGED',
  'ORDER_NOT_PAYABLE',
  'ORDER_NOT_REFUNDABLE',
  'ORG_MISMATCH',
  'RATE_LIMITED',
  'REFUND_AMOUNT_INVALID',
  'SELF_APPROVAL',
  'SHIFT_ALREADY_CLOSED',
  'SHIFT_NOT_REOPENABLE',
  'SIGN_IN_BUSY',
  'STEP_UP_REQUIRED',
  'SUPER_ADMIN_LIMIT',
  'UNAUTHENTICATED',
  'VALIDATION_FAILED',
  'WEEKLY_LIMIT_EXCEEDED',
] as const;
const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** The one error shape every endpoint answers with (convention 6). */
export const apiErrorSchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
  details: z.optional(z.unknown()),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
