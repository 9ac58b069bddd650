import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { PageSpinner } from '../components/spinner';
import { sellerRegionResponse, type SellerRegionResponse } from '@shared/contracts/seller-region';
import { setMoneyLocale } from '@shared/domain/money';
import { sellerRegionKey, useSellerRegion } from '../entities/seller-region/use-seller-region';

/**
 * The seller's locale: their country's when they chose it or their eBay account says it (decision 102);
 * else their browser's language, which is how they type numbers ("18,50" in a German browser); else en-US.
 */
export function sellerLocaleOf(region: Pick<SellerRegionResponse, 'locale' | 'source'> | undefined, browser: string | undefined): string {
  if (region && region.source !== 'default') return region.locale;
  try {
    return browser && Intl.NumberFormat.supportedLocalesOf([browser]).length ? browser : 'en-US';
  } catch {
    return 'en-US';
  }
}

const rememberedKey = 'resale.seller-region';

/**
 * The seller's region as this device last had it: a page loaded again starts in it (offline too) while it is asked
 * again, instead of waiting.
 */
export const rememberedRegion = {
  get(userId: string): SellerRegionResponse | null {
    try {
      const stored = JSON.parse(localStorage.getItem(rememberedKey) ?? 'null') as { userId?: unknown; region?: unknown } | null;
      const region = sellerRegionResponse.safeParse(stored?.region);
      return stored?.userId === userId && region.success ? region.data : null;
    } catch {
      return null;
    }
  },
  set(userId: string, region: SellerRegionResponse) {
    try {
      localStorage.setItem(rememberedKey, JSON.stringify({ userId, region }));
    } catch {
      // Storage refused (private mode): the next load waits for the answer again.
    }
  },
};

/**
 * Every amount on screen and typed in the signed-in seller's locale: "£18.00" for a UK seller, "18,00 €" for a
 * German one, and "18,50" typed read as 18.50 there. The screens wait for the seller's region: drawn in the browser's
 * locale and drawn anew (mounted again) when the seller's came in, they lost what the seller had tapped meanwhile (a
 * listing opened, a sheet opened). They start at once with the region this device last had for the seller, asked again
 * behind them, or in the browser's locale when no answer can come (offline, refused); only a region changed since
 * (their country chosen) draws them anew.
 */
export function MoneyLocale({ userId, children }: { userId: string; children: ReactNode }) {
  const queryClient = useQueryClient();
  // Before the first read of the query: its remembered answer, stale, so it is asked again at once.
  useState(() => {
    const remembered = rememberedRegion.get(userId);
    if (remembered && queryClient.getQueryData(sellerRegionKey) === undefined)
      queryClient.setQueryData(sellerRegionKey, remembered, { updatedAt: 0 });
  });
  const region = useSellerRegion();
  useEffect(() => {
    if (region.data && region.dataUpdatedAt > 0) rememberedRegion.set(userId, region.data);
  }, [userId, region.data, region.dataUpdatedAt]);
  if (region.isPending && region.fetchStatus !== 'paused') return <PageSpinner label="Loading your settings" />;
  const locale = sellerLocaleOf(region.data, typeof navigator === 'undefined' ? undefined : navigator.language);
  setMoneyLocale(locale);
  return <Fragment key={locale}>{children}</Fragment>;
}
