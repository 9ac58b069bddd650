/** eBay's error shape, and the errors the fake answers with. */
export interface FakeEbayErrorBody {
  errors: {
    errorId: number;
    domain: string;
    category: string;
    message: string;
    longMessage?: string;
    parameters?: { name: string; value: string }[];
  }[];
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export function ebayError(
  status: number,
  errorId: number,
  message: string,
  extra: {
    domain?: string;
    category?: string;
    longMessage?: string;
    parameters?: { name: string; value: string }[];
    headers?: Record<string, string>;
  } = {},
): FakeAnswer {
  const body: FakeEbayErrorBody = {
    errors: [
      {
        errorId,
        domain: extra.domain ?? 'API_INVENTORY',
        category: extra.category ?? 'REQUEST',
        message,
        ...(extra.longMessage ? { longMessage: extra.longMessage } : {}),
        ...(extra.parameters ? { parameters: extra.parameters } : {}),
      },
    ],
  };
  return { status, body, headers: extra.headers };
}

export const invalidAccessToken = () =>
  ebayError(401, 1001, 'Invalid access token', {
    domain: 'OAuth',
    category: 'REQUEST',
    longMessage: 'Invalid access token. Check the value of the Authorization HTTP request header.',
  });

export const insufficientPermissions = () =>
  ebayError(403, 1100, 'Access denied', {
    domain: 'ACCESS',
    category: 'REQUEST',
    longMessage: 'Insufficient permissions to fulfill the request.',
  });

export const rateLimited = (retryAfterSeconds: number) =>
  ebayError(429, 2001, 'Too many requests. The request limit has been reached for the resource.', {
    domain: 'ACCESS',
    headers: { 'retry-after': String(retryAfterSeconds) },
  });

export const contractViolation = (problems: string[]) =>
  ebayError(400, 2004, 'Invalid request', {
    domain: 'FAKE_CONTRACT',
    longMessage: `The request does not fit eBay's contract: ${problems.join('; ')}`,
  });

/** The publish failures tests can force, each as eBay sends it. */
export const publishFailures = {
  'missing-department': () =>
    ebayError(
      400,
      25002,
      'A user error has occurred. The item specific Department is missing. Add Department to this listing, enter a valid value, and then try again.',
      {
        parameters: [{ name: '0', value: 'Department' }],
      },
    ),
  'condition-not-allowed': () =>
    ebayError(400, 25021, 'A user error has occurred. The item condition value is not valid for this category.', {
      parameters: [{ name: '0', value: 'condition' }],
    }),
  'non-leaf-category': () =>
    ebayError(
      400,
      25005,
      'A user error has occurred. The category ID you entered is not a leaf category. Please provide a leaf category ID.',
      {
        parameters: [{ name: '0', value: 'categoryId' }],
      },
    ),
} as const;

export type PublishFailureKind = keyof typeof publishFailures;
