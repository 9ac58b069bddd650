import { z } from 'zod';

/** An optional environment variable: unset and blank are the same, and a set value is trimmed. */
export const optionalEnv = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
