import { defaultSellerCountry, isSellerCountry, type SellerCountry } from '@shared/domain/seller-region';

/** The country the browser's language names ("en-GB" → GB, "de-DE" → DE), when the app sells there; else the US. */
export function browserCountry(language: string | undefined): SellerCountry {
  try {
    const region = language ? new Intl.Locale(language).maximize().region : undefined;
    return isSellerCountry(region) ? region : defaultSellerCountry;
  } catch {
    return defaultSellerCountry;
  }
}
