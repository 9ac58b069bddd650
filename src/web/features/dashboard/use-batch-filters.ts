import { useDeferredValue, useState } from 'react';
import type { ItemStatusFilter } from '@shared/contracts/items';
import type { Channel } from '@shared/domain/channel-listing';
import type { ItemListFilter } from '@/entities/items/query-keys';

/** The batches list's search and filters as the seller sets them in the toolbar ('': any). */
export interface BatchFilters {
  search: string;
  setSearch(text: string): void;
  status: ItemStatusFilter | '';
  setStatus(status: ItemStatusFilter | ''): void;
  /** Listed on this marketplace. */
  channel: Channel | '';
  setChannel(channel: Channel | ''): void;
}

/**
 * The dashboard's filters, and what the list asks the server for: the search trimmed and deferred, so typing stays
 * quick while the list follows. `filtered`: anything narrows the list (the count and the empty note say so).
 */
export function useBatchFilters(): { filters: BatchFilters; query: ItemListFilter; filtered: boolean } {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ItemStatusFilter | ''>('');
  const [channel, setChannel] = useState<Channel | ''>('');
  const q = useDeferredValue(search.trim());
  return {
    filters: { search, setSearch, status, setStatus, channel, setChannel },
    query: { q, status: status || undefined, channel: channel || undefined },
    filtered: Boolean(q || status || channel),
  };
}
