import { validateSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminSchema, loadAdminSchema, readAdminIntrospection } from '../../../../../fakes/shopify/admin-schema';
import { requestedCostOf } from '../../../../../fakes/shopify/graphql-gate';
import { startFakeShopify, type FakeShopify } from '../../../../../fakes/shopify/shopify-server';
import { createShopifyTransport } from './shopify-graphql';
import { ShopifyGraphqlError } from './shopify-errors';
import { shopifyDocuments } from './generated/shopify-operations';

let fake: FakeShopify;
let token: string;
const shop = 'contract-shop.myshopify.com';

beforeAll(async () => {
  fake = await startFakeShopify();
  const consent = await fetch(
    `${fake.originOf(shop)}/admin/oauth/authorize?client_id=${fake.clientId}&redirect_uri=http://localhost/cb&state=s`,
    { redirect: 'manual' },
  );
  const code = new URL(consent.headers.get('location')!).searchParams.get('code');
  const answer = await fetch(`${fake.originOf(shop)}/admin/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: fake.clientId, client_secret: fake.clientSecret, code }),
  });
  token = ((await answer.json()) as { access_token: string }).access_token;
});
afterAll(async () => {
  await fake?.close();
});

async function ask(query: string, variables: Record<string, unknown> = {}, accessToken = token) {
  const answer = await fetch(`${fake.originOf(shop)}/admin/api/2026-10/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': accessToken },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: answer.status,
    body: (await answer.json()) as { data?: unknown; errors?: { message: string; extensions?: { code: string } }[] | string },
  };
}

describe('the fake checks every request against Shopify’s Admin schema', () => {
  it('refuses a query with a field the schema does not have', async () => {
    const { status, body } = await ask('query { shop { id colourOfTheDay } }');
    expect(status).toBe(200);
    expect(body.data).toBeUndefined();
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: 'Cannot query field "colourOfTheDay" on type "Shop".',
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      }),
    ]);
  });

  it('refuses variables of the wrong type, a missing required variable and an unknown enum value', async () => {
    const wrongType = await ask(shopifyDocuments.OrdersSince, { query: 42 });
    expect(wrongType.body.errors).toEqual([expect.objectContaining({ extensions: { code: 'INVALID_VARIABLE' } })]);
    expect((wrongType.body.errors as { message: string }[])[0]!.message).toMatch(/\$query.*String/);
    const missing = await ask(shopifyDocuments.PublishablePublish, { input: [] });
    expect((missing.body.errors as { message: string }[])[0]!.message).toMatch(/\$id.*"ID!" to be provided/);
    const badEnum = await ask(shopifyDocuments.WebhookSubscriptionCreate, { topic: 'ORDERS_BOUGHT', uri: 'https://x.example' });
    expect((badEnum.body.errors as { message: string }[])[0]!.message).toMatch(/ORDERS_BOUGHT/);
    const unknownInputField = await ask(shopifyDocuments.ProductUpdate, { product: { id: 'gid://shopify/Product/1', price: '12.00' } });
    expect((unknownInputField.body.errors as { message: string }[])[0]!.message).toMatch(
      /"ProductUpdateInput" not to include unknown field "price"/,
    );
    expect(fake.contractViolations.length).toBeGreaterThanOrEqual(4);
  });

  it('answers 401 without the shop’s own access token', async () => {
    expect((await ask('query { shop { id } }', {}, 'shpat_wrong')).status).toBe(401);
  });

  it('a client whose document drifted from the schema fails loudly', async () => {
    const transport = createShopifyTransport({
      shopOrigin: fake.originOf,
      fetch: (input, init) => fetch(input, { ...init, body: String(init?.body).replace('myshopifyDomain', 'myShopifyDomain') }),
    });
    await expect(transport.request({ shop, accessToken: token }, 'ShopInfo', {})).rejects.toBeInstanceOf(ShopifyGraphqlError);
  });
});

describe('Shopify’s published schema', () => {
  it('loads once per process, and breaks only graphql 17’s deprecated-implementation rule', () => {
    const first = loadAdminSchema();
    expect(loadAdminSchema()).toBe(first);
    expect(first.schema.getMutationType()?.getFields().productSet).toBeDefined();
    const problems = validateSchema(buildAdminSchema(readAdminIntrospection(), { assumeValid: false })).map((e) => e.message);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.filter((m) => !/is not deprecated, so implementation field .* must not be deprecated/.test(m))).toEqual([]);
  });
});

describe('every operation the app sends', () => {
  it('asks a cost Shopify runs: a single query cannot exceed 1,000 points, before it runs (the call limit)', () => {
    const { schema } = loadAdminSchema();
    const costs = Object.entries(shopifyDocuments).map(([name, query]) => ({ name, cost: requestedCostOf(schema, query) }));
    expect(costs.length).toBeGreaterThan(10);
    expect(costs.filter(({ cost }) => cost > 1000)).toEqual([]);
  });
});
