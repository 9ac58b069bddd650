/**
 * Where the seller sells from (decision 102): their country, and what it sets. Apart from its schemas so that the
 * sign-up form can save the country without loading zod on the sign-in page (its 150 KB budget, decision 139).
 */
export const sellerRegionRoutes = { region: '/api/seller-region' } as const;
