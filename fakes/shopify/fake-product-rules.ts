/**
 * What the fake Shopify refuses in a product the app sends (productSet, productUpdate, productVariantsBulkUpdate):
 * the limits Shopify states in its Admin schema's descriptions and in its documents, prose included. Each rule names
 * its source; fakes/shopify/RULES.md lists them with the app's words for each. The fake's own list: it never imports
 * the app's limits to agree with them.
 *
 * Codes are values of the payload's own enum (graphql refuses any other): ProductSetUserErrorCode has no code per
 * attribute, so an attribute's refusal is INVALID_PRODUCT or INVALID_VARIANT with Shopify's message.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- the request's input as Shopify takes it: checked here, field by field */
type Input = Record<string, any>;

export interface FakeUserError {
  field: string[];
  message: string;
  code: string;
}

export const FAKE_SHOPIFY_LIMITS = {
  /** The product title (CombinedListingUpdateUserErrorCode.TITLE_TOO_LONG: "cannot be longer than 255 characters"). */
  titleMax: 255,
  /** shopify.dev changelog "Product tags now have a limit of 250 per product": "Tags cannot be more than 250." */
  tagsMax: 250,
  /** Each tag (Matrixify's "Shopify Limits": "Each individual tag can only be 255 characters long"). */
  tagMax: 255,
  /** Media per product (PRODUCT_MEDIA_LIMIT_EXCEEDED; 250 in Shopify's product media guide and admin help). */
  mediaMax: 250,
  /** ProductSetInput.productOptions: "maximum of 3 per product". */
  optionsMax: 3,
  /** The handle (Matrixify's "Shopify Limits": 255 characters). */
  handleMax: 255,
  /** ProductVariantSetInput.inventoryQuantities: "can't exceed 50000" across all variants. */
  inventoryQuantitiesMax: 50_000,
} as const;

const L = FAKE_SHOPIFY_LIMITS;
const lengthOf = (text: string) => [...text].length;
/** ProductSetInput.handle: "A handle can contain letters, hyphens (`-`), and numbers, but no spaces." */
const HANDLE = /^[\p{L}\p{Nd}-]+$/u;
/** FileSetInput.originalSource: "An external URL can be used for images". */
const isExternalUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^\s/]+/i.test(value);

/** The title and tags rules, shared by productSet and productUpdate. */
function textProblems(input: Input, creating: boolean, at: string[]): FakeUserError[] {
  const problems: FakeUserError[] = [];
  const refuse = (field: string[], message: string, code = 'INVALID_PRODUCT') => problems.push({ field: [...at, ...field], message, code });
  const title = input.title as string | null | undefined;
  if ((creating && !title?.trim()) || (title !== undefined && title !== null && !title.trim())) refuse(['title'], "Title can't be blank");
  else if (title && lengthOf(title) > L.titleMax) refuse(['title'], `Title is too long (maximum is ${L.titleMax} characters)`);
  const tags = (input.tags ?? []) as string[];
  if (tags.length > L.tagsMax) refuse(['tags'], `Tags cannot be more than ${L.tagsMax}.`);
  const long = tags.findIndex((tag) => lengthOf(tag) > L.tagMax);
  if (long >= 0) refuse(['tags', String(long)], `Tag is too long (maximum is ${L.tagMax} characters)`);
  return problems;
}

function optionProblems(input: Input): FakeUserError[] {
  const options = (input.productOptions ?? []) as Input[];
  const variants = (input.variants ?? []) as Input[];
  const at = (...field: string[]) => ['input', ...field];
  if (variants.length && !options.length)
    return [
      {
        field: at('productOptions'),
        message: 'Must specify product options when updating variants.',
        code: 'PRODUCT_OPTIONS_INPUT_MISSING',
      },
    ];
  if (options.length > L.optionsMax) return [{ field: at('productOptions'), message: 'Options over limit.', code: 'OPTIONS_OVER_LIMIT' }];
  const names = options.map((o) => String(o.name ?? '').toLowerCase());
  const repeated = names.findIndex((name, i) => names.indexOf(name) !== i);
  if (repeated >= 0)
    return [{ field: at('productOptions', String(repeated), 'name'), message: 'Duplicated option name.', code: 'DUPLICATED_OPTION_NAME' }];
  const empty = options.findIndex((o) => !((o.values ?? []) as Input[]).length);
  if (empty >= 0)
    return [
      {
        field: at('productOptions', String(empty), 'values'),
        message: 'Each option must have at least one option value specified.',
        code: 'OPTION_VALUES_MISSING',
      },
    ];
  for (const [v, variant] of variants.entries())
    for (const [i, value] of ((variant.optionValues ?? []) as Input[]).entries()) {
      const option = options.find((o) => o.name === value.optionName);
      const field = at('variants', String(v), 'optionValues', String(i));
      if (!option) return [{ field, message: 'Option does not exist.', code: 'OPTION_DOES_NOT_EXIST' }];
      if (!((option.values ?? []) as Input[]).some((known) => known.name === value.name))
        return [{ field, message: 'Option value does not exist.', code: 'OPTION_VALUE_DOES_NOT_EXIST' }];
    }
  return [];
}

function mediaProblems(input: Input): FakeUserError[] {
  const files = (input.files ?? []) as Input[];
  if (files.length > L.mediaMax)
    return [{ field: ['input', 'files'], message: 'Exceeded the limit of media per product.', code: 'INVALID_PRODUCT' }];
  const bad = files.findIndex((f) => !f.id && !isExternalUrl(f.originalSource));
  if (bad >= 0)
    return [
      {
        field: ['input', 'files', String(bad), 'originalSource'],
        message: 'Invalid image source url value provided.',
        code: 'INVALID_INPUT',
      },
    ];
  return [];
}

function variantProblems(input: Input): FakeUserError[] {
  const variants = (input.variants ?? []) as Input[];
  const negative = variants.findIndex((v) => typeof v.price === 'string' && v.price.trim().startsWith('-'));
  if (negative >= 0)
    return [
      {
        field: ['input', 'variants', String(negative), 'price'],
        message: 'Variant price must be greater than or equal to zero.',
        code: 'INVALID_VARIANT',
      },
    ];
  const quantities = variants.flatMap((v, i) => ((v.inventoryQuantities ?? []) as Input[]).map((q) => ({ q, i })));
  if (quantities.length > L.inventoryQuantitiesMax)
    return [
      {
        field: ['input', 'variants'],
        message: `Inventory quantity input exceeds the limit of ${L.inventoryQuantitiesMax}. Consider using separate \`inventorySetQuantities\` mutations.`,
        code: 'INVENTORY_QUANTITIES_LIMIT_EXCEEDED',
      },
    ];
  const badName = quantities.find(({ q }) => q.name !== 'available' && q.name !== 'on_hand');
  if (badName)
    return [
      {
        field: ['input', 'variants', String(badName.i), 'inventoryQuantities'],
        message: 'The quantity name must be one of available or on_hand.',
        code: 'INVALID_INPUT',
      },
    ];
  return [];
}

/** productSet's refusals (the product is neither created nor changed when there is one). */
export function productSetProblems(input: Input, creating: boolean): FakeUserError[] {
  const handle = input.handle as string | undefined;
  const handleProblem: FakeUserError[] =
    handle !== undefined && (!HANDLE.test(handle) || lengthOf(handle) > L.handleMax)
      ? [{ field: ['input', 'handle'], message: 'Handle is invalid', code: 'INVALID_INPUT' }]
      : [];
  return [
    ...textProblems(input, creating, ['input']),
    ...handleProblem,
    ...optionProblems(input),
    ...mediaProblems(input),
    ...variantProblems(input),
  ];
}

/** productUpdate's refusals (UserError: field and message). */
export function productUpdateProblems(change: Input): { field: string[]; message: string }[] {
  return textProblems(change, false, ['product']).map(({ field, message }) => ({ field, message }));
}

/** productVariantsBulkUpdate's price refusal (its own enum has GREATER_THAN_OR_EQUAL_TO). */
export function variantsBulkUpdateProblems(variants: Input[]): FakeUserError[] {
  const negative = variants.findIndex((v) => typeof v.price === 'string' && v.price.trim().startsWith('-'));
  return negative < 0
    ? []
    : [
        {
          field: ['variants', String(negative), 'price'],
          message: 'The price of the variant must be greater than or equal to zero.',
          code: 'GREATER_THAN_OR_EQUAL_TO',
        },
      ];
}
