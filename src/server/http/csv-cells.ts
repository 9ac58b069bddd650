import type { FastifyReply } from 'fastify';

/**
 * CSV files the seller downloads (the profit view's, "What sells"'): RFC 4180 fields, CRLF lines, and a text that a
 * spreadsheet would run as a formula kept as text.
 */

/** A cell a spreadsheet reads as text: what the seller or a marketplace wrote (titles, SKUs, order ids...). */
export interface TextCell {
  text: string | null;
}
/** A number (a count, or money as an exact decimal string, what a spreadsheet reads, such as "-499.00"), written as it is. */
export type Cell = TextCell | number | string | null;

export const text = (value: string | null): TextCell => ({ text: value });

const quoted = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a text starting with =+-@ is kept as text. */
function field(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'object') {
    if (cell.text === null) return '';
    return quoted(/^[=+\-@\t\r]/.test(cell.text) ? `'${cell.text}` : cell.text);
  }
  return quoted(String(cell));
}

export const csvLines = (rows: Cell[][]) => rows.map((row) => row.map(field).join(',') + '\r\n').join('');
export const csvHeader = (columns: readonly string[]) => columns.map(text);

/** Sends a CSV file the browser downloads, named `<name>-<today, UTC>.csv`. */
export function sendCsvFile(reply: FastifyReply, name: string, body: string) {
  const day = new Date().toISOString().slice(0, 10);
  return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}-${day}.csv"`).send(body);
}
