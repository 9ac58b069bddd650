/**
 * Each marketplace's shipping services, as the Metadata API's getShippingServices answers them
 * (/shipping/marketplace/{marketplace_id}/get_shipping_services): the site's own carriers under eBay's
 * ShippingServiceCodeType names (a site prefix, `DE_DHLPaket`, except on eBay US), a few per site where eBay lists
 * dozens. A fulfillment policy naming a service the marketplace does not list is refused (fake-ebay-account.ts).
 */
import type { components as Metadata } from '../../src/server/channels/ebay/api/generated/metadata';

type Service = Metadata['schemas']['ShippingService'];
type Category = 'ECONOMY' | 'STANDARD' | 'EXPEDITED' | 'ONE_DAY';

const service = (
  code: string,
  carrier: string,
  description: string,
  category: Category,
  [minDays, maxDays]: [number, number],
  international = false,
): Service => ({
  shippingService: code,
  shippingCarrier: carrier,
  description,
  shippingCategory: category,
  minShippingTime: minDays,
  maxShippingTime: maxDays,
  validForSellingFlow: true,
  internationalService: international,
  shippingCostTypes: international ? ['FLAT'] : ['FLAT', 'CALCULATED'],
});

const byMarketplace: Record<string, Service[]> = {
  EBAY_US: [
    service('USPSGroundAdvantage', 'USPS', 'USPS Ground Advantage', 'STANDARD', [2, 5]),
    service('USPSPriority', 'USPS', 'USPS Priority Mail', 'EXPEDITED', [1, 3]),
    service('UPSGround', 'UPS', 'UPS Ground', 'STANDARD', [1, 5]),
    service('USPSFirstClassMailInternational', 'USPS', 'USPS First Class Mail Intl', 'ECONOMY', [7, 21], true),
  ],
  EBAY_GB: [
    service('UK_RoyalMailSecondClassStandard', 'RoyalMail', 'Royal Mail 2nd Class', 'STANDARD', [2, 3]),
    service('UK_OtherCourier24', 'Evri', 'Evri 24 hours', 'EXPEDITED', [1, 2]),
    service('UK_RoyalMailFirstClassStandard', 'RoyalMail', 'Royal Mail 1st Class', 'EXPEDITED', [1, 2]),
    service('UK_RoyalMailAirmailInternational', 'RoyalMail', 'Royal Mail International Standard', 'ECONOMY', [5, 10], true),
  ],
  EBAY_DE: [
    service('DE_DHLPaket', 'DHL', 'DHL Paket', 'STANDARD', [1, 2]),
    service('DE_DHLPackchen', 'DHL', 'DHL Päckchen', 'ECONOMY', [2, 3]),
    service('DE_HermesPaket', 'Hermes', 'Hermes Paket', 'STANDARD', [2, 3]),
    service('DE_DeutschePostBrief', 'DeutschePost', 'Deutsche Post Brief', 'ECONOMY', [1, 3]),
    service('DE_DHLPaketInternational', 'DHL', 'DHL Paket International', 'STANDARD', [4, 10], true),
  ],
  EBAY_FR: [
    service('FR_ColiposteColissimo', 'ColiposteDomestic', 'Colissimo', 'STANDARD', [2, 3]),
    service('FR_ColiposteColissimoRecommande', 'ColiposteDomestic', 'Colissimo Recommandé', 'STANDARD', [2, 3]),
    service('FR_ChronopostChrono13', 'Chronopost', 'Chronopost Chrono 13', 'ONE_DAY', [1, 1]),
    service('FR_ColiposteColissimoInternational', 'ColiposteInternational', 'Colissimo International', 'STANDARD', [4, 10], true),
  ],
  EBAY_IT: [
    service('IT_RegularMail', 'PosteItaliane', 'Posta ordinaria', 'ECONOMY', [3, 6]),
    service('IT_PriorityMail', 'PosteItaliane', 'Posta prioritaria', 'STANDARD', [1, 3]),
    service('IT_ExpressCourier', 'Other', 'Corriere espresso', 'EXPEDITED', [1, 2]),
    service('IT_InternationalRegularMail', 'PosteItaliane', 'Posta ordinaria internazionale', 'ECONOMY', [7, 15], true),
  ],
  EBAY_ES: [
    service('ES_CartasNacionalesHasta20', 'Correos', 'Cartas nacionales hasta 20 g', 'ECONOMY', [2, 4]),
    service('ES_PaqueteAzul', 'Correos', 'Paquete Azul', 'STANDARD', [2, 3]),
    service('ES_Urgente', 'Seur', 'Envío urgente', 'EXPEDITED', [1, 1]),
    service('ES_CorreosInternacional', 'Correos', 'Correos internacional', 'STANDARD', [5, 12], true),
  ],
  EBAY_CA: [
    service('CA_PostRegularParcel', 'CanadaPost', 'Canada Post Regular Parcel', 'STANDARD', [2, 8]),
    service('CA_PostExpeditedParcel', 'CanadaPost', 'Canada Post Expedited Parcel', 'EXPEDITED', [1, 7]),
  ],
  EBAY_AU: [
    service('AU_Regular', 'AustraliaPost', 'Australia Post Parcel Post', 'STANDARD', [2, 6]),
    service('AU_Express', 'AustraliaPost', 'Australia Post Express Post', 'EXPEDITED', [1, 3]),
  ],
};

/** What getShippingServices answers for the marketplace: its own services; none for a site the fake has no carriers of. */
export const shippingServicesOf = (marketplaceId: string | null | undefined): Metadata['schemas']['ShippingServiceResponse'] => ({
  shippingServices: structuredClone(byMarketplace[marketplaceId ?? ''] ?? []),
});

/** Whether the marketplace lists this service code. */
export const marketplaceOffersService = (marketplaceId: string, code: string | undefined) =>
  (byMarketplace[marketplaceId] ?? []).some((s) => s.shippingService === code);
