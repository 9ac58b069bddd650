import { z } from 'zod';
import { isIsoCountryCode } from '../domain/countries';
import { text } from './text';
import { pathsOf } from './route-paths';
import { route } from './route-table';

/**
 * EU product safety (GPSR) per brand (decision 102): the manufacturer and the EU responsible person the
 * seller enters once for a brand, sent with every listing of it on eBay's EU and UK marketplaces. Lengths are those
 * of eBay's Inventory API contract (Manufacturer, ResponsiblePerson).
 */
export const productSafetyRoutes = {
  list: '/api/ebay/product-safety',
  brand: '/api/ebay/product-safety/:brand',
} as const;

export const productSafetyPaths = pathsOf(productSafetyRoutes);

export const productSafetyMessages = {
  companyName: 'Enter the company name',
  country: 'A country is a two-letter code such as IE or DE',
  contact: 'Give at least one way to reach them: an address, an e-mail, a website or a phone number',
  address: 'An address needs the street, city, postal code and country',
  inEu: 'The manufacturer or the responsible person must be in the EU',
  email: 'Enter an e-mail address such as safety@example.com',
  url: 'A website starts with https:// or http://',
  notFound: 'No product safety details for this brand',
} as const;

const optional = (max: number) =>
  text()
    .trim()
    .max(max, `At most ${max} characters`)
    .optional()
    .transform((value) => value || undefined);

export const safetyContactSchema = z.object({
  companyName: text().trim().min(1, productSafetyMessages.companyName).max(100, 'At most 100 characters'),
  addressLine1: optional(180),
  addressLine2: optional(180),
  city: optional(64),
  postalCode: optional(9),
  stateOrProvince: optional(64),
  country: optional(2)
    .transform((value) => value?.toUpperCase())
    .refine((value) => value === undefined || isIsoCountryCode(value), productSafetyMessages.country),
  email: optional(180).refine((value) => value === undefined || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value), productSafetyMessages.email),
  phone: optional(64),
  contactUrl: optional(250).refine((value) => value === undefined || /^https?:\/\/\S+$/i.test(value), productSafetyMessages.url),
});

export const brandSafetyBody = z.object({
  manufacturer: safetyContactSchema,
  responsiblePerson: safetyContactSchema,
});
export type BrandSafetyBody = z.input<typeof brandSafetyBody>;
/** The body as the route hands it on: trimmed, empty fields dropped, the country in capitals. */
export type BrandSafetyDetails = z.output<typeof brandSafetyBody>;

export const brandParams = z.object({ brand: text().trim().min(1).max(100) });

/** A saved contact as the server answers it (plain strings: the request's trimming is done). */
export const safetyContactView = z.object({
  companyName: z.string(),
  addressLine1: z.string().optional(),
  addressLine2: z.string().optional(),
  city: z.string().optional(),
  postalCode: z.string().optional(),
  stateOrProvince: z.string().optional(),
  country: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  contactUrl: z.string().optional(),
});
export type SafetyContactView = z.infer<typeof safetyContactView>;

export const brandSafetyView = z.object({
  brand: z.string(),
  manufacturer: safetyContactView,
  responsiblePerson: safetyContactView,
  updatedAt: z.string(),
});
export type BrandSafetyView = z.infer<typeof brandSafetyView>;

export const brandSafetyListResponse = z.object({
  /** Whether the seller's eBay marketplace asks for these details (its EU and UK marketplaces do). */
  required: z.boolean(),
  brands: z.array(brandSafetyView),
});
export type BrandSafetyListResponse = z.infer<typeof brandSafetyListResponse>;

/** The product safety details' routes: the list, saving a brand's, forgetting them. */
export const productSafetyApi = {
  list: route.get(productSafetyRoutes.list, {
    summary: 'The manufacturer and EU responsible person saved per brand, and whether the seller’s eBay marketplace asks for them',
    response: { 200: brandSafetyListResponse },
  }),
  save: route.put(productSafetyRoutes.brand, {
    summary: 'Saves the brand’s manufacturer and EU responsible person, sent with its listings on eBay’s EU and UK marketplaces',
    params: brandParams,
    body: brandSafetyBody,
    rechecksWaiting: true,
    response: { 200: brandSafetyView },
  }),
  remove: route.delete(productSafetyRoutes.brand, {
    summary: 'Forgets the brand’s product safety details',
    params: brandParams,
    response: { 204: z.null() },
  }),
};
