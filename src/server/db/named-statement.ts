import { createHash } from 'node:crypto';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client';

/**
 * A hot statement built once from drizzle's SQL with placeholders (sql.placeholder) and run by name: drizzle does
 * not rebuild its text per request, and PostgreSQL parses and plans it once per connection (a plan it keeps after
 * five runs when no better than a generic one). PGlite runs the same text unnamed. Rows come as the driver parses
 * them: select timestamps as text (to_char) where exact text matters.
 */
export interface NamedStatement {
  name: string;
  text: string;
  params: unknown[];
}

const dialect = new PgDialect();

export function namedStatement(prefix: string, statement: SQL): NamedStatement {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  // The text is part of the name: node-postgres refuses one name for two texts on a connection.
  return { name: `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`, text, params };
}

interface Queryable {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}

export async function runNamed<T>(db: Db, statement: NamedStatement, values: Record<string, unknown>): Promise<T[]> {
  const params = fillPlaceholders(statement.params, values);
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    return (await client.query({ name: statement.name, text: statement.text, values: params })).rows as T[];
  }
  if (!client || typeof (client as Queryable).query !== 'function') throw new Error('runNamed needs the database, not a transaction');
  return (await (client as Queryable).query(statement.text, params)).rows as T[];
}
