/** Types for the parts of build.mjs that tests import. */
export function buildServer(outdir: string): Promise<void>;
export function inputsHash(inputs: string[], base?: string): string;
