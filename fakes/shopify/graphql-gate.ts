/**
 * What the fake Shopify does with a GraphQL request before running it: parse it, validate it against Shopify's own
 * Admin schema (graphql's `validate`) and its variables against the operation's declarations (`getVariableValues`),
 * and price it roughly as Shopify does (a field of an object 1, scalars and enums 0, a connection 2 plus `first`
 * times its selection, a mutation 10), so the cost bucket and THROTTLED can be tested.
 */
import {
  getNamedType,
  getVariableValues,
  isLeafType,
  isObjectType,
  isInterfaceType,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type GraphQLCompositeType,
  type GraphQLError,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

export interface ShopifyErrorEntry {
  message: string;
  locations?: readonly { line: number; column: number }[];
  extensions: { code: string; [key: string]: unknown };
}

export type Gated =
  | { ok: true; document: DocumentNode; operation: OperationDefinitionNode; variables: Record<string, unknown>; cost: number }
  | { ok: false; errors: ShopifyErrorEntry[] };

const entry = (error: GraphQLError, code: string): ShopifyErrorEntry => ({
  message: error.message,
  ...(error.locations ? { locations: error.locations } : {}),
  extensions: { code },
});

function numberOf(value: ValueNode | undefined, variables: Record<string, unknown>): number | undefined {
  if (!value) return undefined;
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.VARIABLE)
    return typeof variables[value.name.value] === 'number' ? (variables[value.name.value] as number) : undefined;
  return undefined;
}

function selectionCost(
  schema: GraphQLSchema,
  parent: GraphQLCompositeType,
  set: SelectionSetNode | undefined,
  variables: Record<string, unknown>,
): number {
  let cost = 0;
  for (const selection of set?.selections ?? []) {
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      const on = selection.typeCondition ? (schema.getType(selection.typeCondition.name.value) as GraphQLCompositeType) : parent;
      cost += selectionCost(schema, on, selection.selectionSet, variables);
      continue;
    }
    if (selection.kind !== Kind.FIELD || !(isObjectType(parent) || isInterfaceType(parent))) continue;
    const field = parent.getFields()[selection.name.value];
    if (!field) continue;
    const type = getNamedType(field.type);
    if (isLeafType(type)) continue;
    const child = selectionCost(schema, type as GraphQLCompositeType, selection.selectionSet, variables);
    if (type.name.endsWith('Connection')) {
      const first = selection.arguments?.find((a) => a.name.value === 'first' || a.name.value === 'last');
      cost += 2 + (numberOf(first?.value, variables) ?? 1) * child;
    } else cost += 1 + child;
  }
  return cost;
}

/** Checks a request body ({query, variables, operationName}) against the schema. */
export function gateRequest(schema: GraphQLSchema, body: { query?: unknown; variables?: unknown; operationName?: unknown }): Gated {
  if (typeof body.query !== 'string')
    return { ok: false, errors: [{ message: 'No query string was present', extensions: { code: 'BAD_REQUEST' } }] };
  let document: DocumentNode;
  try {
    document = parse(body.query);
  } catch (err) {
    return { ok: false, errors: [entry(err as GraphQLError, 'PARSE_ERROR')] };
  }
  const invalid = validate(schema, document);
  if (invalid.length) return { ok: false, errors: invalid.map((e) => entry(e, 'GRAPHQL_VALIDATION_FAILED')) };
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operations.length === 1 ? operations[0] : operations.find((o) => o.name?.value === body.operationName);
  if (!operation) return { ok: false, errors: [{ message: 'An operation name is required', extensions: { code: 'BAD_REQUEST' } }] };
  const given = body.variables && typeof body.variables === 'object' ? (body.variables as Record<string, unknown>) : {};
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], given);
  if (coerced.errors) return { ok: false, errors: coerced.errors.map((e) => entry(e, 'INVALID_VARIABLE')) };
  const variables = { ...coerced.variableValues!.coerced } as Record<string, unknown>;
  const root = operation.operation === 'mutation' ? schema.getMutationType()! : schema.getQueryType()!;
  const cost = (operation.operation === 'mutation' ? 10 : 0) + selectionCost(schema, root, operation.selectionSet, variables);
  return { ok: true, document, operation, variables, cost };
}

/** The requested cost of a document's only operation as the fake prices it, its variables left out (a `first` given by a variable counts 1). */
export function requestedCostOf(schema: GraphQLSchema, query: string): number {
  const operation = parse(query).definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (!operation) throw new Error('no operation');
  const root = operation.operation === 'mutation' ? schema.getMutationType()! : schema.getQueryType()!;
  return (operation.operation === 'mutation' ? 10 : 0) + selectionCost(schema, root, operation.selectionSet, {});
}
