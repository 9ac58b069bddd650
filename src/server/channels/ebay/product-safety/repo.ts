import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { brandSafetyContacts, type SafetyContact } from '../../../db/schema';

/** The one writer and reader of `brand_safety_contacts` (decision 102). Every statement filters by the user. */

export interface BrandSafetyRow {
  brand: string;
  manufacturer: SafetyContact;
  responsiblePerson: SafetyContact;
  safetyStatements: string[];
  updatedAt: Date;
}

/** Brands are matched as the seller types them, whatever the case and surrounding spaces ("Boden", " boden "). */
export const brandKeyOf = (brand: string) => brand.trim().toLowerCase();

const columns = {
  brand: brandSafetyContacts.brand,
  manufacturer: brandSafetyContacts.manufacturer,
  responsiblePerson: brandSafetyContacts.responsiblePerson,
  safetyStatements: brandSafetyContacts.safetyStatements,
  updatedAt: brandSafetyContacts.updatedAt,
};

export async function brandSafetyList(db: Db, userId: string): Promise<BrandSafetyRow[]> {
  return db
    .select(columns)
    .from(brandSafetyContacts)
    .where(eq(brandSafetyContacts.userId, userId))
    .orderBy(asc(brandSafetyContacts.brandKey));
}

export async function brandSafetyOf(db: Db, userId: string, brand: string | null | undefined): Promise<BrandSafetyRow | null> {
  if (!brand?.trim()) return null;
  const [row] = await db
    .select(columns)
    .from(brandSafetyContacts)
    .where(and(eq(brandSafetyContacts.userId, userId), eq(brandSafetyContacts.brandKey, brandKeyOf(brand))));
  return row ?? null;
}

export async function saveBrandSafety(
  db: Db,
  userId: string,
  brand: string,
  contacts: { manufacturer: SafetyContact; responsiblePerson: SafetyContact },
): Promise<BrandSafetyRow> {
  const [row] = await db
    .insert(brandSafetyContacts)
    .values({ userId, brandKey: brandKeyOf(brand), brand: brand.trim(), ...contacts })
    .onConflictDoUpdate({
      target: [brandSafetyContacts.userId, brandSafetyContacts.brandKey],
      set: { brand: brand.trim(), ...contacts, updatedAt: sql`now()` },
    })
    .returning(columns);
  return row!;
}

/** False when the seller had nothing for the brand. */
export async function deleteBrandSafety(db: Db, userId: string, brand: string): Promise<boolean> {
  const rows = await db
    .delete(brandSafetyContacts)
    .where(and(eq(brandSafetyContacts.userId, userId), eq(brandSafetyContacts.brandKey, brandKeyOf(brand))))
    .returning({ brand: brandSafetyContacts.brand });
  return rows.length > 0;
}
