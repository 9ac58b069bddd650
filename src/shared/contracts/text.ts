import { z } from 'zod';

export const nulMessage = 'Text must not contain NUL characters';
export const unpairedSurrogateMessage = 'Text must not contain broken characters (an unpaired surrogate)';

/**
 * Every text a client sends: PostgreSQL cannot store a NUL byte (22021), nor a jsonb string with half of a
 * surrogate pair (22P05: a channel listing's `data`), so both are refused here with a 400 instead of failing in the
 * database. Request schemas use this, never a bare z.string().
 */
export const text = () =>
  z
    .string()
    .regex(/^[^\0]*$/, nulMessage)
    .regex(/^[^\uD800-\uDFFF]*$/u, unpairedSurrogateMessage);
