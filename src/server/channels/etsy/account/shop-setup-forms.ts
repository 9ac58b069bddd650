import { etsyDeliveryDaysOf, type EtsyShopSetupBody } from '@shared/contracts/etsy';
import { toDecimal } from '@shared/domain/money';
import type { EtsyProcessingProfileForm, EtsyReturnPolicyForm, EtsyShippingProfileForm } from '../api/etsy-client';

/**
 * What the shop setup sends Etsy for the seller's answers (createShopShippingProfile, createShopReadinessStateDefinition,
 * createShopReturnPolicy), kept apart so a test sends the very same forms to the fake Etsy. The shipping profile
 * names its delivery days: the contract's prose asks for "a shipping_carrier_id AND mail_class, or both min and
 * max_delivery_days", and only one of a destination country or region.
 */
type Shipping = NonNullable<EtsyShopSetupBody['shipping']>;
type Returns = NonNullable<EtsyShopSetupBody['returns']>;

const processingDays = (ship: Shipping) => ({
  min: Math.min(ship.processingDaysMin, ship.processingDaysMax),
  max: Math.max(ship.processingDaysMin, ship.processingDaysMax),
});

export function etsyShippingProfileFormOf(ship: Shipping): EtsyShippingProfileForm {
  const days = processingDays(ship);
  const delivery = etsyDeliveryDaysOf(ship);
  return {
    title: 'Resale Studio shipping',
    origin_country_iso: ship.originCountry,
    origin_postal_code: ship.originPostalCode,
    destination_country_iso: ship.originCountry,
    // Etsy takes a decimal number in the shop's currency: the typed amount, exact.
    primary_cost: toDecimal(ship.price),
    secondary_cost: 0,
    min_processing_time: days.min,
    max_processing_time: days.max,
    processing_time_unit: 'business_days' as const,
    min_delivery_days: Math.min(delivery.min, delivery.max),
    max_delivery_days: Math.max(delivery.min, delivery.max),
  };
}

export function etsyProcessingProfileFormOf(ship: Shipping): EtsyProcessingProfileForm {
  const days = processingDays(ship);
  return {
    readiness_state: 'ready_to_ship' as const,
    min_processing_time: days.min,
    max_processing_time: days.max,
    processing_time_unit: 'days' as const,
  };
}

export function etsyReturnPolicyFormOf(returns: Returns): EtsyReturnPolicyForm {
  return {
    accepts_returns: returns.acceptsReturns,
    accepts_exchanges: returns.acceptsReturns,
    ...(returns.acceptsReturns ? { return_deadline: returns.days ?? 30 } : {}),
  };
}
