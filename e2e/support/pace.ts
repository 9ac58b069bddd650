import { paceFromEnv } from '../../scripts/machine-pace.mjs';

/** The machine's pace (decision 185): at least 1, measured by e2e/run.ts or scripts/test-suites.mjs. */
export const pace = paceFromEnv();

/** A deadline of `ms` on the reference machine, here: longer by the machine's pace. */
export const paced = (ms: number) => Math.round(ms * pace);
