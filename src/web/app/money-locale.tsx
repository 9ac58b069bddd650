import { Fragment, type ReactNode } from 'react';
import type { SellerRegionResponse } from '@shared/contracts/seller-region';
import { setMoneyLocale } from '@shared/domain/money';
import { useSellerRegion } from '../entities/seller-region/use-seller-region';

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

/**
 * Every amount on screen and typed in the signed-in seller's locale: "£18.00" for a UK seller, "18,00 €" for a
 * German one, and "18,50" typed read as 18.50 there. The screens render again under the new locale once it is known.
 */
export function MoneyLocale({ children }: { children: ReactNode }) {
  const region = useSellerRegion();
  const locale = sellerLocaleOf(region.data, typeof navigator === 'undefined' ? undefined : navigator.language);
  setMoneyLocale(locale);
  return <Fragment key={locale}>{children}</Fragment>;
}
