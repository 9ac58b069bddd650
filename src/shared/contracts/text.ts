import { z } from 'zod';

export const nulMessage = 'Text must not contain NUL characters';

/**
 * Every text a client sends: PostgreSQL cannot store a NUL byte (22021), so it is refused here with a 400 instead of
 * failing in the database. Request schemas use this, never a bare z.string().
 */
export const text = () => z.string().regex(/^[^\0]*$/, nulMessage);
