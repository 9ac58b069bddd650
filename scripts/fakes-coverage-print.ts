/** `npm run fakes:coverage`: each operation's documented errors the fake enforces, explains, or misses. */
import { documentedErrorCoverage } from './fakes-coverage';

const rows = documentedErrorCoverage();
const total = { enforced: 0, explained: 0, missing: 0 };
for (const row of rows) {
  total.enforced += row.enforced.length;
  total.explained += row.explained.length;
  total.missing += row.missing.length;
  console.log(
    `${row.marketplace.padEnd(8)} ${row.operationId.padEnd(36)} enforced ${String(row.enforced.length).padStart(3)}  explained ${String(row.explained.length).padStart(3)}  missing ${String(row.missing.length).padStart(3)}${row.missing.length ? `  (${row.missing.join(', ')})` : ''}`,
  );
}
console.log(`total: ${rows.length} operations; enforced ${total.enforced}, explained ${total.explained}, missing ${total.missing}`);
process.exitCode = total.missing ? 1 : 0;
