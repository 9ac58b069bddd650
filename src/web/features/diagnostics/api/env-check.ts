import { useQuery } from '@tanstack/react-query';
import { diagnosticsPaths, type EnvCheckResponse } from '@shared/contracts/diagnostics';
import { apiRequest } from '@/lib/api-client';

export function useEnvCheck() {
  return useQuery({ queryKey: ['env-check'], queryFn: () => apiRequest<EnvCheckResponse>(diagnosticsPaths.envCheck) });
}
