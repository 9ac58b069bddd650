import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { depopCoverage } from '../../scripts/fakes-coverage';
import { documentedExamples } from './fake-depop-answers';

const contract = parse(readFileSync(path.join(import.meta.dirname, '../../contracts/depop/depop-seller-api.yml'), 'utf8')) as {
  components: { responses: Record<string, unknown> };
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
};

/** Every named error example of the document: its name, status and codes. */
function namedExamples() {
  const found: { name: string; status: string; codes: string[] }[] = [];
  const visit = (
    status: string,
    response: { $ref?: string; content?: Record<string, { examples?: Record<string, { value?: unknown }> }> },
  ) => {
    const resolved = response.$ref ? (contract.components.responses[response.$ref.split('/').pop()!] as typeof response) : response;
    for (const [name, example] of Object.entries(resolved.content?.['application/json']?.examples ?? {})) {
      const value = example.value as { errors?: { code: string }[]; error?: string };
      found.push({ name, status, codes: value.errors?.map((error) => error.code) ?? [value.error ?? ''] });
    }
  };
  for (const item of Object.values(contract.paths))
    for (const operation of Object.values(item))
      for (const [status, response] of Object.entries(operation.responses ?? {})) visit(status, response as Parameters<typeof visit>[1]);
  return found;
}

describe('the fake Depop enforces every documented error of the operations it serves', () => {
  const rows = depopCoverage();

  it('counts the operations the app calls, and misses none of their documented errors', () => {
    expect(rows.map((row) => row.operationId)).toEqual(
      expect.arrayContaining([
        'createProduct',
        'createOrUpdateProduct',
        'patchProduct',
        'getProductBySku',
        'deleteProduct',
        'markProductAsSold',
        'submitOfferBySku',
        'getAllProducts',
        'getAllOrders',
        'getOrderByPurchaseId',
        'refundOrder',
        'getPricingInspiration',
        'getSellerDetails',
        'exchangeToken',
        'triggerPurchaseBySku',
      ]),
    );
    expect(rows.flatMap((row) => row.missing.map((code) => `${row.operationId} ${code}`))).toEqual([]);
    expect(rows.find((row) => row.operationId === 'createProduct')?.enforced).toEqual(
      expect.arrayContaining(['422 too_many_pictures (tooManyPictures)', '422 manual_shipping_not_allowed (manualShippingNotAllowed)']),
    );
    expect(rows.find((row) => row.operationId === 'getPricingInspiration')?.explained).toEqual(['500']);
  });

  it("answers each named example with the status and code the document gives it (the fake's table is the document's)", () => {
    const examples = namedExamples();
    for (const [name, { status, code }] of Object.entries(documentedExamples)) {
      const inDocument = examples.filter((example) => example.name === name);
      expect(inDocument.length, name).toBeGreaterThan(0);
      for (const example of inDocument)
        expect({ name, status: example.status, codes: example.codes }).toEqual({ name, status: String(status), codes: [code] });
    }
  });
});
