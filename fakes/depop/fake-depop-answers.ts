/**
 * How the fake Depop answers, in the document's shapes: every error is an ErrorResponse (`{"id", "errors": [{"code",
 * "message"}]}`, components/schemas/ErrorResponse), but the token endpoint's, an OAuthErrorResponse (`code`, `error`,
 * `message`, `detail`, `error_description`, `id`). The document names some error answers as examples of a response
 * (ProductUnprocessableEntity's `tooManyPictures`, the offers' `currencyMismatch`, the token endpoint's
 * `pkce_verification_failed`...): `exampleError` answers one of them by its name, with the status and code the document
 * gives it (scripts/fakes-coverage.ts counts each so named as enforced).
 */
import { randomUUID } from 'node:crypto';

export type Answer = { status: number; body?: unknown; headers?: Record<string, string>; html?: string };

export const depopError = (status: number, code: string, message: string): Answer => ({
  status,
  body: { id: randomUUID(), errors: [{ code, message }] },
});

/** An OAuthErrorResponse: Depop's token endpoint says the same thing in its current and legacy fields. */
export const oauthError = (status: number, error: string, detail: string): Answer => ({
  status,
  body: {
    code: status,
    error,
    message: 'Depop OAuth2 error',
    detail,
    error_message: 'Depop OAuth2 error',
    error_description: detail,
    id: randomUUID(),
  },
});

/** The document's named error examples the fake answers: each one's status and code, as the document gives them. */
export const documentedExamples = {
  // ProductUnprocessableEntity (createProduct, createOrUpdateProduct, updateProductById...)
  tooManyPictures: { status: 422, code: 'too_many_pictures', oauth: false },
  invalidBrand: { status: 422, code: 'invalid_brand', oauth: false },
  invalidSize: { status: 422, code: 'invalid_size', oauth: false },
  invalidDescription: { status: 422, code: 'invalid_description', oauth: false },
  invalidCategory: { status: 422, code: 'invalid_department', oauth: false },
  manualShippingNotAllowed: { status: 422, code: 'manual_shipping_not_allowed', oauth: false },
  // submitOfferBySku's (and by product id's, by slug's) 422
  currencyMismatch: { status: 422, code: 'validation-error', oauth: false },
  priceNotAtOfferThreshold: { status: 422, code: 'validation-error', oauth: false },
  invalidSizeId: { status: 422, code: 'validation-error', oauth: false },
  multipleSizesNoSizeId: { status: 422, code: 'validation-error', oauth: false },
  noSizesButSizeProvided: { status: 422, code: 'validation-error', oauth: false },
  // exchangeToken's 400
  invalid_grant: { status: 400, code: 'invalid_grant', oauth: true },
  invalid_refresh_token: { status: 400, code: 'invalid_grant', oauth: true },
  invalid_client: { status: 400, code: 'client secret does not match', oauth: true },
  invalid_request: { status: 400, code: 'invalid_request', oauth: true },
  pkce_verification_failed: { status: 400, code: 'invalid_request', oauth: true },
} as const;

export type DocumentedExample = keyof typeof documentedExamples;

/** One of the document's named error examples, with the fake's words for this request. */
export function exampleError(name: DocumentedExample, message: string): Answer {
  const { status, code, oauth } = documentedExamples[name];
  return oauth ? oauthError(status, code, message) : depopError(status, code, message);
}
