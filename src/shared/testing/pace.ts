import { paceFromEnv } from '../../../scripts/machine-pace.mjs';

/** The machine's pace (decision 185): at least 1, measured by scripts/test-suites.mjs (1 when Vitest runs alone). */
const pace = paceFromEnv();

/**
 * A test's, a hook's or a wait's deadline of `ms` on the reference machine, here: longer by the machine's pace, as
 * Vitest's default timeouts are (vitest.config.ts). A deadline ends what hangs; it measures no speed.
 */
export const paced = (ms: number) => Math.round(ms * pace);
