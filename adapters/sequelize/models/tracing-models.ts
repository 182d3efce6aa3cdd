import type { Sequelize } from 'sequelize';
import type { InferenceResult } from '../../../domain/tracing/inference-result.ts';
import type { Session } from '../../../domain/tracing/session.ts';
import type { Span } from '../../../domain/tracing/span.ts';
import { tables } from '../migrations/0003-tracing.ts';
import { tables as perOrganization } from '../migrations/0010-span-ids-per-organization.ts';
import { columnsOf } from '../support/columns.ts';
import { defineModels } from '../support/define-model.ts';

/** Models over the tracing tables: every field of each record, with the column its migrations created. */
export const defineTracingModels = (sequelize: Sequelize) =>
  defineModels(sequelize, {
    sessions: { name: 'Session', table: 'sessions', columns: columnsOf<Session>()(tables.sessions) },
    inferenceResults: {
      name: 'InferenceResult',
      table: 'inference_results',
      columns: columnsOf<InferenceResult>()(tables.inferenceResults),
    },
    spans: { name: 'Span', table: 'spans', columns: columnsOf<Span>()(perOrganization.spans) },
  });
