import { types, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';

/**
 * drizzle-orm's PGlite driver passes the same type parsers with every query (dates, timestamps and intervals
 * left as text, which drizzle maps itself). PGlite answers each such query by copying its whole parser table,
 * one entry per array type in the catalogue: about 100 KB of short-lived objects per query, which under upload
 * load meant a full garbage collection every few photos. Installing those parsers on the client once and
 * dropping them from each query gives the same rows without the copies (measured in bench/server-ingest.ts).
 */
const DRIZZLE_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182] as const;
const asText = (value: string) => value;

type Queryable = Pick<PGlite, 'query'> | Transaction;

function installTextParsers(client: PGlite) {
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = asText;
}

/** The options without per-query parsers, provided they are only the ones installed on the client. */
function withoutParsers(client: PGlite, options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  const onlyTextTypes = Object.keys(parsers).every((oid) => (DRIZZLE_TEXT_TYPES as readonly number[]).includes(Number(oid)));
  if (!onlyTextTypes) return options;
  // PGlite may rebuild its array parsers (refreshArrayTypes); put ours back when it did.
  if (client.parsers[types.TIMESTAMPTZ] !== asText || client.parsers[1185] !== asText) installTextParsers(client);
  return { ...options, parsers: undefined };
}

function queryingWithoutParsers<T extends Queryable>(client: PGlite, target: T, extra: Partial<Record<PropertyKey, unknown>> = {}): T {
  return new Proxy(target, {
    get(object, key) {
      if (key === 'query') {
        return (text: string, params?: unknown[], options?: QueryOptions) => object.query(text, params, withoutParsers(client, options));
      }
      if (key in extra) return extra[key];
      const value: unknown = Reflect.get(object, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}

/** The client to hand to drizzle: same answers, no parser table copied per query. */
export function pgliteForDrizzle(client: PGlite): PGlite {
  installTextParsers(client);
  return queryingWithoutParsers(client, client, {
    transaction: <R>(run: (tx: Transaction) => Promise<R>) => client.transaction((tx) => run(queryingWithoutParsers(client, tx))),
  });
}
