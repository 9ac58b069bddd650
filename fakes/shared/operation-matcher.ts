/** What a fake needs of a contract's operation to find it by method and path. */
export interface RoutedOperation {
  method: string;
  /** The contract's path, parameters in braces: /listings/{listing_id}. */
  path: string;
}

export type OperationMatch<Op extends RoutedOperation> =
  { kind: 'found'; operation: Op; params: Record<string, string> } | { kind: 'wrong-method'; allowed: string[] } | { kind: 'unknown-path' };

const stripSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * Finds a request's operation in a marketplace's contract (the fakes' shared first check): its path parameters, or
 * why there is none (the path is unknown, or known for other methods). With `ignoreTrailingSlash`, /a/ is /a (eBay's
 * contracts mix both forms).
 */
export function operationMatcher<Op extends RoutedOperation>(
  operations: readonly Op[],
  options: { ignoreTrailingSlash?: boolean } = {},
): (method: string, pathname: string) => OperationMatch<Op> {
  const normal = options.ignoreTrailingSlash ? stripSlash : (path: string) => path;
  const compiled = operations
    .map((operation) => {
      const paramNames: string[] = [];
      const source = normal(operation.path)
        .split('/')
        .map((segment) => {
          const param = /^\{(.+)\}$/.exec(segment);
          if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          paramNames.push(param[1]!);
          return '([^/]+)';
        })
        .join('/');
      return {
        operation,
        pattern: new RegExp(`^${source}$`),
        paramNames,
        literalSegments: operation.path.split('/').length - paramNames.length,
      };
    })
    // A literal segment wins over a parameter: /offer/get_listing_fees is not /offer/{offerId}.
    .sort((a, b) => b.literalSegments - a.literalSegments);

  return function findOperation(method, pathname) {
    const path = normal(pathname);
    const allowed: string[] = [];
    for (const entry of compiled) {
      const match = entry.pattern.exec(path);
      if (!match) continue;
      if (entry.operation.method !== method) {
        allowed.push(entry.operation.method);
        continue;
      }
      const params: Record<string, string> = {};
      entry.paramNames.forEach((name, i) => (params[name] = decodeURIComponent(match[i + 1]!)));
      return { kind: 'found', operation: entry.operation, params };
    }
    return allowed.length ? { kind: 'wrong-method', allowed } : { kind: 'unknown-path' };
  };
}
