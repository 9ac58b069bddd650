import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { itemsApi } from '@shared/contracts/items';
import { normaliseSku } from '@shared/domain/sku';
import { itemKeys } from '@/entities/items/query-keys';
import { callRoute } from '@/lib/route-client';

/** Typing pauses this long before the server is asked. */
const TYPING_PAUSE_MS = 300;

/**
 * GET /api/items/sku-available while the seller types: the SKU when one of their products already has it (an
 * upload under it would fail), else null.
 */
export function useSkuTaken(typed: string): string | null {
  const sku = normaliseSku(typed);
  const [settled, setSettled] = useState(sku);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(sku), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [sku]);
  const answer = useQuery({
    queryKey: itemKeys.skuAvailable(settled),
    queryFn: ({ signal }) => callRoute(itemsApi.skuAvailable, { query: { sku: settled }, signal }),
    enabled: settled !== '',
    staleTime: 10_000,
  });
  const data = answer.data;
  return data && data.sku === sku && !data.available && data.reason !== null && sku !== '' ? data.sku : null;
}
