/** Types for the parts of build.mjs that tests import. */
export function buildServer(outdir: string): Promise<void>;
export function inputsHash(inputs: string[], base?: string): string;
export function precompress(dir: string, minBytes?: number): string[];
export function moveSourceMaps(webDir: string, mapsDir: string): void;
export function buildPgliteTemplate(outdir: string): Promise<void>;
