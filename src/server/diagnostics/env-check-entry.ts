import type { EnvCheckEntry } from '@shared/contracts/diagnostics';

/** One line of the environment check (/env-check): the core's and each channel's own (its module's `config.check`). */
export function envCheckEntry(
  key: string,
  label: string,
  variables: string[],
  status: EnvCheckEntry['status'],
  detail: string,
): EnvCheckEntry {
  return { key, label, variables, status, detail };
}
