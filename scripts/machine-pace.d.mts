/** Types for machine-pace.mjs (decision 185). */
export const REFERENCE_MS: number;
export const MAX_PACE: number;
export function measureMs(rounds?: number, threads?: number): Promise<number>;
export function paceOf(measuredMs: number, referenceMs?: number): number;
export function paceFromEnv(env?: Record<string, string | undefined>): number;
export function settlePace(env?: Record<string, string | undefined>): Promise<{ pace: number; measuredMs: number | null }>;
