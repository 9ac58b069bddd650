import { readSizeLabel } from './size-label';

/**
 * Etsy's sizes are a product property of the listing's category (getPropertiesByTaxonomyId): the property's scales
 * ("US/Canada", "UK", "EU" for shoes; the clothing ones the category lists) each with its values. The item's size as
 * the seller wrote it ("W32 L32", "32x32", "UK 9", "EU 43", "M") goes on the scale of its own system, the value
 * matched by name: nothing is converted (an EU shoe size goes on the EU scale; a waist and inseam on the waist scale,
 * the inseam staying in the title and description). Where no scale takes it, the seller picks one of the values, each
 * said with its scale ("EU 43", "W32", "M"), which the item's size then reads as. Pure: the property comes in.
 */

export interface EtsySizeProperty {
  property_id?: number;
  name?: string;
  display_name?: string;
  scales?: { scale_id?: number; display_name?: string }[];
  possible_values?: { value_id?: number | null; name?: string; scale_id?: number | null }[];
}

export type EtsySizeAnswer =
  | { kind: 'mapped'; propertyId: number; scaleId: number | null; valueId: number; value: string; words: string }
  | { kind: 'ask'; ours: string; options: string[] };

/** The category's size property: a property named for size that has values (shoe size, size). */
export function etsySizePropertyOf<P extends EtsySizeProperty>(properties: readonly P[]): P | null {
  const sized = properties.filter((p) => /\bsize\b/i.test(`${p.display_name ?? ''} ${p.name ?? ''}`) && p.possible_values?.length);
  return sized[0] ?? null;
}

type System = 'US' | 'UK' | 'EU' | 'letter' | 'waist';

/** What a scale measures, from its name ("US/Canada" is US; "Letter", "Waist"); null: none the app reads. */
function systemOfScale(name: string): System | null {
  const n = name.trim().toLowerCase();
  if (/^us\b|us\/canada/.test(n)) return 'US';
  if (/^uk\b/.test(n)) return 'UK';
  if (/^eu\b|europe/.test(n)) return 'EU';
  if (/letter|alpha/.test(n)) return 'letter';
  if (/waist/.test(n)) return 'waist';
  return null;
}

/** A value said with its scale, as the seller picks it and the item's size then reads: "EU 43", "UK 9", "W32", "M". */
function valueWords(system: System | null, scaleName: string, name: string): string {
  if (system === 'US' || system === 'UK' || system === 'EU') return `${system} ${name}`;
  if (system === 'waist') return `W${name}`;
  if (system === 'letter') return name;
  return scaleName ? `${name} ${scaleName}` : name;
}

const numberText = (value: number) => String(value);

/**
 * The item's size on Etsy's `property`, or the values to choose from; null when the item has no size. `shoes`: the
 * category is shoes (a bare number is a shoe size there, and asked, as its system is not said).
 */
export function etsySizeFor(size: string | null | undefined, property: EtsySizeProperty, shoes = false): EtsySizeAnswer | null {
  const label = size?.trim() ?? '';
  if (!label || property.property_id === undefined) return null;
  const scales = (property.scales ?? []).map((s) => ({
    id: s.scale_id ?? null,
    name: s.display_name ?? '',
    system: systemOfScale(s.display_name ?? ''),
  }));
  const values = (property.possible_values ?? []).filter((v) => v.value_id && v.name);
  const scaleOf = (scaleId: number | null | undefined) => scales.find((s) => s.id === (scaleId ?? null));
  const { read } = readSizeLabel(label);
  // The scale of the label's own system and the value's name on it.
  let wanted: { system: System; names: string[] } | null = null;
  if (read?.kind === 'letter') wanted = { system: 'letter', names: [read.letter, ...(read.letter === 'XXL' ? ['2XL'] : [])] };
  else if (read?.kind === 'oneSize') wanted = { system: 'letter', names: ['One size', 'One Size', 'OS'] };
  else if (read?.kind === 'waistInseam' && !shoes) wanted = { system: 'waist', names: [numberText(read.waist)] };
  else if (read?.kind === 'number' && shoes && read.system) wanted = { system: read.system, names: [numberText(read.value)] };
  else if (read?.kind === 'number' && !shoes && read.value >= 23 && read.system !== 'UK' && read.system !== 'EU')
    wanted = { system: 'waist', names: [numberText(read.value)] };
  const found = wanted
    ? values.find(
        (v) =>
          scaleOf(v.scale_id)?.system === wanted.system && wanted.names.some((name) => name.toLowerCase() === v.name!.trim().toLowerCase()),
      )
    : undefined;
  if (found) {
    const scale = scaleOf(found.scale_id);
    return {
      kind: 'mapped',
      propertyId: property.property_id,
      scaleId: scales.length ? (scale?.id ?? null) : null,
      valueId: found.value_id!,
      value: found.name!,
      words: valueWords(scale?.system ?? null, scale?.name ?? '', found.name!),
    };
  }
  const options = [
    ...new Set(values.map((v) => valueWords(scaleOf(v.scale_id)?.system ?? null, scaleOf(v.scale_id)?.name ?? '', v.name!))),
  ];
  return { kind: 'ask', ours: label, options };
}
