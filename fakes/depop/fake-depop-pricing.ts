/**
 * The fake Depop's pricing inspiration (getPricingInspiration): a price range for a listing's details, "only valid
 * for specific countries (US and GB)" (422 unsupported_country elsewhere), and 404 price_prediction_not_available for
 * a product type it has no sales of. The fake's prices are its own: a typical price per product type in pounds or
 * dollars, less for a worse condition; the range 15% either side.
 */
import { isCurrency, multiplyMoney, parseMoney, toDecimalString } from '../../src/shared/domain/money';
import { depopError, type Answer } from './fake-depop-answers';
import type { DepopCall } from './fake-depop-state';

const TYPICAL: Record<string, string> = {
  tshirts: '19.00',
  't-shirts': '19.00',
  shirts: '22.00',
  sweaters: '28.00',
  hoodies: '30.00',
  jackets: '45.00',
  coats: '60.00',
  dresses: '32.00',
  jeans: '35.00',
  trousers: '28.00',
  skirts: '24.00',
  sneakers: '55.00',
  boots: '50.00',
  bags: '30.00',
};
const CONDITION_RATE: Record<string, number> = {
  brand_new: 1.3,
  used_like_new: 1.1,
  used_excellent: 1,
  used_good: 0.85,
  used_fair: 0.7,
};

export function getPricingInspiration(call: DepopCall): Answer {
  const request = call.body as { country: string; currency: string; product_type: string; condition: string; brand_name: string };
  if (!['GB', 'US'].includes(request.country))
    return depopError(422, 'unsupported_country', `Country '${request.country}' is not supported. Supported countries: GB, US`);
  if (!isCurrency(request.currency)) return depopError(400, 'bad-request', `currency ${request.currency} is not a currency code`);
  const typical = TYPICAL[request.product_type];
  const base = typical === undefined ? null : parseMoney(typical, request.currency);
  if (!base) return depopError(404, 'price_prediction_not_available', 'No price prediction is available for the given attributes.');
  const balanced = multiplyMoney(base, CONDITION_RATE[request.condition] ?? 1);
  const at = (rate: number) => toDecimalString(multiplyMoney(balanced, rate));
  return {
    status: 200,
    body: {
      price_prediction: { lower_bound: at(0.85), balanced: at(1), prediction: at(1), upper_bound: at(1.15) },
      similar_sold_items: [0.9, 1.05].map((rate, i) => ({
        brand_name: request.brand_name,
        condition: request.condition,
        picture: { url: `${call.pages}/photos/sold/${request.product_type}-${i}.jpg`, height: 1280, width: 1280 },
        sold_price_amount: at(rate),
        sold_price_currency: request.currency,
      })),
    },
  };
}
