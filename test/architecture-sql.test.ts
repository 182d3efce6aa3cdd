import test from 'ava';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { scanSqlValues } from './support/sql-value-scan.ts';

const ROOT = resolve(import.meta.dirname, '..');

/**
 * What SQL text may interpolate: table and column names, select lists, placeholders and clause builders that never
 * carry a value. A value is bound (`bind`, `?`, a JSON parameter), never written into the text: adding an entry here
 * means showing it cannot hold data.
 */
const STRUCTURAL = new Set([
  'BUMP',
  'COUNTS',
  'FIRST_UPSERT',
  'SECOND_UPSERT',
  'day',
  'expire',
  'hour',
  'minute',
  'source',
  "idsIn(this.database.dialect, 'parent_trace_id', '?')",
  'MIGRATIONS_TABLE',
  'MIGRATION_LOCK',
  "columns.join(', ')",
  "conditions.join(' AND ')",
  'columns',
  "columns.map((column) => column.column).join(', ')",
  "Array.from({ length: rows }, row).join(', ')",
  'column',
  'definition',
  'parameter',
  "codec.selectList('r')",
  'codec.table',
  'inList',
  "idsIn(dialect, 'parent_trace_id', '?')",
  "idsIn(dialect, 'id', '$2')",
  "scopedIdsIn(dialect, SPAN_KEY, '$1', '$2')",
  "idsIn(this.database.dialect, 'id', '?')",
  'extracts',
  "jsonSet(this.database.dialect, '$2')",
  'inJsonList(dialect, 1)',
  'inJsonList(dialect, 2)',
  'live',
  'name',
  'names',
  'organizations',
  'placeholder',
  "sets.join(', ')",
  'rows.names',
  'rows.select',
  'select',
  'sub',
  'subscriptions',
  'table',
  "this.codec.selectList('k')",
  "this.codec.selectList('r')",
  'this.codec.table',
  "updates.join(', ')",
  'users',
]);

async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(join(ROOT, folder), { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

test('no adapter or bootstrap code writes a value into SQL text: every value is bound', async (t) => {
  const findings: string[] = [];
  for (const file of [...(await sourceFiles('adapters')), ...(await sourceFiles('bootstrap'))]) {
    const source = await readFile(join(ROOT, file), 'utf8');
    for (const finding of scanSqlValues(source, STRUCTURAL))
      findings.push(`${file}:${finding.line} ${finding.rule}: ${finding.text}`);
  }
  t.deepEqual(findings, []);
});

test('the scan finds each way of building SQL from values', (t) => {
  const source = `
    import { literal } from 'sequelize';
    const a = generator.escape(reason);
    await sequelize.query('SELECT * FROM t WHERE id = :id', { replacements: { id } });
    const b = literal(\`score + \${amount}\`);
    await sequelize.query(\`UPDATE evaluations SET reason = '\${reason}' WHERE id = $1\`, { bind: [id] });
    await sequelize.query("SELECT * FROM t WHERE name = '" + name + "'");
    const fine = literal('COALESCE(human_score, score)');
    await sequelize.query(\`SELECT \${names} FROM \${table} WHERE id = $1\`, { bind: [id] });
  `;
  const rules = scanSqlValues(source, new Set(['names', 'table'])).map((finding) => `${finding.line}: ${finding.rule}`);
  t.deepEqual(rules, [
    '3: escapes a value into SQL text: bind it instead',
    '4: Sequelize replacements are escaped into the SQL text: use bind',
    '5: literal() over anything but fixed SQL text',
    '6: interpolates reason into SQL',
    '7: concatenates name into SQL',
  ]);
});
