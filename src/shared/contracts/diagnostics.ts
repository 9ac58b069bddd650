import { z } from 'zod';

export const diagnosticsPaths = {
  health: '/api/health',
  envCheck: '/api/env-check',
} as const;

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unreachable']),
});

export const envCheckStatus = z.enum(['configured', 'default', 'missing']);
export type EnvCheckStatus = z.infer<typeof envCheckStatus>;

export const envCheckEntry = z.object({
  key: z.string(),
  label: z.string(),
  variables: z.array(z.string()),
  status: envCheckStatus,
  detail: z.string(),
});
export type EnvCheckEntry = z.infer<typeof envCheckEntry>;

export const envCheckResponse = z.object({ entries: z.array(envCheckEntry) });
export type EnvCheckResponse = z.infer<typeof envCheckResponse>;
