import { z } from 'zod';

/** Every error the API answers with has this one shape. */
export const apiErrorSchema = z.object({
  /** `errors`: every reason, when there is more than one to fix (a publish refused for readiness errors). */
  error: z.object({ code: z.string(), message: z.string(), errors: z.array(z.string()).optional() }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const errorStatus = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  CROSS_SITE_REQUEST: 403,
  NOT_FOUND: 404,
  SKU_CONFLICT: 409,
  CONFLICT: 409,
  /** A price the seller set is under their profit floor: answered with what they would lose, until they confirm it. */
  UNDER_FLOOR: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  NOT_CONFIGURED: 503,
  UNAVAILABLE: 503,
  INSUFFICIENT_STORAGE: 507,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** A failure with a code the HTTP layer maps to a status, and a message the user may read. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Every reason, when the message sums up several (answered as `error.errors`). */
  readonly errors: string[] | undefined;

  constructor(code: ErrorCode, message: string, errors?: string[]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = errorStatus[code];
    this.errors = errors;
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);
