/**
 * Checks a request against Etsy's OpenAPI document (generated/contract-operations.ts): the path and method exist, the
 * x-api-key header and a Bearer token are sent where the operation's security asks for them, required query
 * parameters are there and every query parameter is one the operation knows (with a value of its type), and the body
 * has a declared content type with the required form fields, only known fields, values of their types and enums
 * (the last three: the fakes' shared check, fakes/shared/contract-request.ts).
 */
import type { EtsyContractOperation } from './contract-operation';
import { contractOperations } from './generated/contract-operations';
import { operationMatcher, type OperationMatch } from '../shared/operation-matcher';
import { checkRequestParts, type RequestFacts } from '../shared/contract-request';

export { multipartNames } from '../shared/contract-request';

export type EtsyOperationMatch = OperationMatch<EtsyContractOperation>;

/** The contract operation for a method and path (Etsy's document writes every path one way). */
export const findEtsyOperation = operationMatcher(contractOperations);

export type EtsyRequestFacts = RequestFacts;

/** Everything about the request that Etsy's document does not allow. */
export function checkEtsyRequest(operation: EtsyContractOperation, request: EtsyRequestFacts): string[] {
  const problems: string[] = [];
  if (operation.apiKey && !request.headers['x-api-key']) problems.push('missing x-api-key header');
  if (operation.oauthScopes.length && !/^Bearer \S+$/.test(request.headers.authorization ?? ''))
    problems.push('missing Authorization: Bearer token');
  problems.push(...checkRequestParts(operation, request));
  return problems;
}
