import type { TokenKeeper } from './token-keeper';

type Keeper = Pick<TokenKeeper, 'retryRefused'>;

/** What a call's first argument carries: whose token, and the argument again with another token in it. */
interface Carried {
  userId: string;
  token: string;
  withToken(token: string): unknown;
}

/**
 * The client with each call whose first argument carries a seller's access token run through the token keeper: a token
 * the marketplace refuses before its end is refreshed once and the call tried again (or, with no refresh possible, the
 * connection marked for the seller to make again). Other calls (the token grants themselves) pass through as they are.
 * `nested`: a client of APIs (eBay's `client.inventory.publishOffer(token, ...)`): its APIs' calls too.
 */
function retrying<Client extends object>(
  client: Client,
  keeper: Keeper,
  carriedBy: (first: unknown) => Carried | null,
  nested = false,
): Client {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (nested && typeof value === 'object' && value !== null) return retrying(value, keeper, carriedBy, nested);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      return (...args: unknown[]) => {
        const carried = carriedBy(args[0]);
        if (!carried) return method.apply(target, args);
        return keeper.retryRefused(carried.userId, carried.token, (token) =>
          Promise.resolve(method.apply(target, [carried.withToken(token), ...args.slice(1)])),
        );
      };
    },
  });
}

/**
 * One seller's client whose calls take the access token first (Depop's, Etsy's; eBay's APIs with `nested`): calls
 * made with the token it was given (or one it refreshed to) use the newest, so after one refresh the calls that follow
 * do not meet the refusal.
 */
export function tokenRetryingClient<Client extends object>(
  client: Client,
  keeper: Keeper,
  userId: string,
  token: string,
  { nested = false }: { nested?: boolean } = {},
): Client {
  const handedOut = new Set([token]);
  let current = token;
  return retrying(
    client,
    keeper,
    (first) =>
      typeof first === 'string' && handedOut.has(first)
        ? {
            userId,
            token: current,
            withToken: (used) => {
              handedOut.add(used);
              current = used;
              return used;
            },
          }
        : null,
    nested,
  );
}

/** A session that names its seller and token (Shopify's store session). */
export interface SellerSession {
  userId: string;
  accessToken: string;
}

const isSellerSession = (value: unknown): value is SellerSession =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SellerSession).userId === 'string' &&
  typeof (value as SellerSession).accessToken === 'string';

/** A client whose calls take the seller's session first (Shopify's): each such call through the token keeper. */
export function sessionRetryingClient<Client extends object>(client: Client, keeper: Keeper): Client {
  return retrying(client, keeper, (first) =>
    isSellerSession(first)
      ? { userId: first.userId, token: first.accessToken, withToken: (token) => ({ ...first, accessToken: token }) }
      : null,
  );
}
