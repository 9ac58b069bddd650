import { Fragment, type ReactNode } from 'react';
import { setMoneyLocale } from '@shared/domain/money';
import { useSellerRegion } from '../entities/seller-region/use-seller-region';

/**
 * Every amount on screen in the signed-in seller's locale (decision 102): "£18.00" for a UK seller, "18,00 €" for a
 * German one. The screens render again under the new locale once it is known; until then, and if it cannot be read,
 * amounts stay as a US seller reads them (each still in its own currency).
 */
export function MoneyLocale({ children }: { children: ReactNode }) {
  const region = useSellerRegion();
  const locale = region.data?.locale ?? 'en-US';
  setMoneyLocale(locale);
  return <Fragment key={locale}>{children}</Fragment>;
}
