/**
 * Checks a request against Depop's OpenAPI document (generated/contract-operations.ts): the path and method exist, a
 * Bearer token is sent where the operation's security asks for one, path parameters have their types, and the query
 * and body fit (fakes/shared/contract-request.ts: known query parameters of their types and values, a declared content
 * type, the JSON or form body's required fields, known ones, types and enums). Then what a token may do: the scopes
 * the operation's description requires (each, or at least one of them), and those a body field asks for.
 */
import type { DepopContractOperation } from './contract-operation';
import { contractOperations } from './generated/contract-operations';
import { operationMatcher } from '../shared/operation-matcher';
import { checkRequestParts, type RequestFacts } from '../shared/contract-request';
import { textFits } from '../shared/contract-shape';

/** The contract operation for a method and path (Depop's paths end in a slash, and /a is not /a/). */
export const findDepopOperation = operationMatcher(contractOperations);

/** The one problem a request without a token has: Depop answers it 401, not 400. */
export const MISSING_BEARER = 'missing Authorization: Bearer token';

/** Everything about the request that Depop's document does not allow. */
export function checkDepopRequest(operation: DepopContractOperation, request: RequestFacts, params: Record<string, string>): string[] {
  const problems: string[] = [];
  if (operation.bearer && !/^Bearer \S+$/.test(request.headers.authorization ?? '')) problems.push(MISSING_BEARER);
  for (const [name, value] of Object.entries(params)) {
    const type = operation.pathParams[name] ?? 'any';
    if (!textFits(value, { type })) problems.push(`path parameter ${name}: "${value}" is not a ${type}`);
  }
  problems.push(...checkRequestParts(operation, request));
  return problems;
}

/**
 * The scopes an OAuth token lacks for this call (none: it may make it): every scope the operation requires (or one of
 * them, for "at least one of"), and the ones asked for by the body's fields (offers_write for an offer price). A
 * shop's API key has every scope.
 */
export function missingScopes(operation: DepopContractOperation, granted: readonly string[], body: unknown): string[] {
  const lacking = operation.scopes.filter((scope) => !granted.includes(scope));
  const missing = operation.scopesAnyOf ? (lacking.length === operation.scopes.length ? lacking : []) : lacking;
  const fields = body && typeof body === 'object' ? Object.keys(body) : [];
  for (const field of fields)
    for (const scope of operation.scopesWhenSet[field] ?? []) if (!granted.includes(scope) && !missing.includes(scope)) missing.push(scope);
  return missing;
}
