import type { QueryInterface } from 'sequelize';
import { column, snakeCase } from '../support/columns.ts';

/** Columns added to `spans`: the model a GENERATION span called and the tokens it used, cache tokens included. */
export const spanColumns = {
  model: column.string({ nullable: true }),
  usage: column.json({ nullable: true }),
};

/** Columns added to `inference_results`: the model of the turn and its cache tokens (part of `input_tokens`). */
export const inferenceResultColumns = {
  cacheReadInputTokens: column.integer({ nullable: true }),
  cacheCreationInputTokens: column.integer({ nullable: true }),
  model: column.string({ nullable: true }),
};

const added = { spans: spanColumns, inference_results: inferenceResultColumns };

/** Model and token usage as fields of their own, read from the instrumentations' conventions. */
export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  for (const [table, columns] of Object.entries(added))
    for (const [field, options] of Object.entries(columns))
      await queryInterface.addColumn(table, snakeCase(field), { ...options });
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  for (const [table, columns] of Object.entries(added))
    for (const field of Object.keys(columns))
      await queryInterface.sequelize.query(`ALTER TABLE ${table} DROP COLUMN ${snakeCase(field)}`);
}
