import { IssueCollector } from '../errors.ts';
import type { Creation } from '../shared/record.ts';
import { checkCount, checkOptionalText } from './fields.ts';
import { MODEL_NAME_LIMIT } from './span-usage.ts';

export const COST_SOURCES = ['SENT', 'MODEL'] as const;
export type CostSource = (typeof COST_SOURCES)[number];

export const INFERENCE_RESULT_STATUSES = ['PENDING', 'COMPLETED', 'FAILED'] as const;
export type InferenceResultStatus = (typeof INFERENCE_RESULT_STATUSES)[number];

/** One turn of a session: what went in, what came out, and what it cost. Spans hang below it. */
export interface InferenceResult {
  readonly id: string;
  readonly organizationId: string;
  readonly sessionId: string;
  readonly input: string | null;
  readonly output: string | null;
  readonly retrievalContext: readonly string[] | null;
  readonly latency: number | null;
  readonly inputTokens: number | null;
  readonly outputTokens: number | null;
  readonly totalTokens: number | null;
  /** Input tokens read from the provider's prompt cache (part of `inputTokens`). */
  readonly cacheReadInputTokens: number | null;
  /** Input tokens written to the provider's prompt cache (part of `inputTokens`). */
  readonly cacheCreationInputTokens: number | null;
  /** The model name the turn used. */
  readonly model: string | null;
  readonly cost: number | null;
  /** The prices applied when the cost was worked out (dollars per token); null when it was sent or is unknown. */
  readonly costPerInputToken: number | null;
  readonly costPerOutputToken: number | null;
  readonly costPerCacheReadInputToken: number | null;
  /** `SENT` when the client gave `cost`, `MODEL` when it was worked out from a model's prices, null when unknown. */
  readonly costSource: CostSource | null;
  /** The cost in nano-dollars (exact sums); internal. */
  readonly costNanos: number | null;
  /** The model whose prices gave the cost (repricing finds its turns by it); internal. */
  readonly priceModelId: string | null;
  /** Where the token counts came from: sent by the client, or summed over GENERATION spans; internal. */
  readonly usageSource: 'SENT' | 'SPANS' | null;
  /** Where the model name came from: sent, a GENERATION span, or the version's model; internal. */
  readonly modelSource: 'SENT' | 'SPANS' | 'VERSION' | null;
  readonly status: InferenceResultStatus;
  readonly error: string | null;
  /** Spans refused for this result (invalid data); grown only by atomic increments. */
  readonly droppedSpanCount: number;
  readonly createdAt: string;
  readonly deletedAt: string | null;
  readonly version: number;
}

export type InferenceResultFields = Partial<
  Pick<
    InferenceResult,
    | 'input'
    | 'output'
    | 'retrievalContext'
    | 'latency'
    | 'inputTokens'
    | 'outputTokens'
    | 'totalTokens'
    | 'cacheReadInputTokens'
    | 'cacheCreationInputTokens'
    | 'model'
    | 'cost'
    | 'status'
    | 'error'
  >
>;

export interface NewInferenceResult extends InferenceResultFields {
  readonly sessionId: string;
}

export const TEXT_LIMIT_BYTES = 1_000_000;

const TOKEN_COUNTS = [
  'inputTokens',
  'outputTokens',
  'totalTokens',
  'cacheReadInputTokens',
  'cacheCreationInputTokens',
] as const;

function validate(fields: InferenceResultFields): void {
  const issues = new IssueCollector();
  for (const name of ['latency', ...TOKEN_COUNTS, 'cost'] as const) checkCount(issues, name, fields[name]);
  checkOptionalText(issues, 'model', fields.model, { maxBytes: MODEL_NAME_LIMIT });
  for (const name of TOKEN_COUNTS) {
    const value = fields[name];
    if (value !== undefined && value !== null) issues.check(Number.isInteger(value), name, 'must be an integer');
  }
  for (const name of ['input', 'output', 'error'] as const) {
    const value = fields[name];
    if (value !== undefined && value !== null)
      issues.check(value.length <= TEXT_LIMIT_BYTES, name, `must be at most ${TEXT_LIMIT_BYTES} characters`);
  }
  issues.throwIfAny();
}

/** Totals default to the sum of the parts, so a caller sending only the parts still gets a total. */
function withTotal(result: InferenceResult): InferenceResult {
  if (result.totalTokens !== null || (result.inputTokens === null && result.outputTokens === null)) return result;
  return { ...result, totalTokens: (result.inputTokens ?? 0) + (result.outputTokens ?? 0) };
}

export function createInferenceResult(
  input: NewInferenceResult,
  { id, organizationId, now }: Creation,
  origin: 'client' | 'spans' = 'client',
): InferenceResult {
  validate(input);
  return withTotal({
    id,
    organizationId,
    sessionId: input.sessionId,
    input: input.input ?? null,
    output: input.output ?? null,
    retrievalContext: input.retrievalContext ?? null,
    latency: input.latency ?? null,
    inputTokens: input.inputTokens ?? null,
    outputTokens: input.outputTokens ?? null,
    totalTokens: input.totalTokens ?? null,
    cacheReadInputTokens: input.cacheReadInputTokens ?? null,
    cacheCreationInputTokens: input.cacheCreationInputTokens ?? null,
    model: input.model ?? null,
    cost: input.cost ?? null,
    costPerInputToken: null,
    costPerOutputToken: null,
    costPerCacheReadInputToken: null,
    costSource: input.cost === undefined || input.cost === null ? null : 'SENT',
    costNanos: null,
    priceModelId: null,
    usageSource: TOKEN_COUNTS.some((name) => input[name] != null) ? (origin === 'spans' ? 'SPANS' : 'SENT') : null,
    modelSource: input.model ? (origin === 'spans' ? 'SPANS' : 'SENT') : null,
    status: input.status ?? (input.error ? 'FAILED' : 'COMPLETED'),
    error: input.error ?? null,
    droppedSpanCount: 0,
    createdAt: now,
    deletedAt: null,
    version: 0,
  });
}

/** A client's changes; a token count, model or cost it gives counts as sent (a cost cleared is worked out again). */
export function updateInferenceResult(result: InferenceResult, changes: InferenceResultFields): InferenceResult {
  validate(changes);
  const sent: Partial<InferenceResult> = {};
  if (TOKEN_COUNTS.some((name) => changes[name] !== undefined)) Object.assign(sent, { usageSource: 'SENT' });
  if (changes.model !== undefined) Object.assign(sent, { modelSource: changes.model === null ? null : 'SENT' });
  if (changes.cost !== undefined) Object.assign(sent, { costSource: changes.cost === null ? null : 'SENT' });
  return { ...result, ...changes, ...sent };
}

export const TURN_ROLES = ['user', 'assistant'] as const;
export type TurnRole = (typeof TURN_ROLES)[number];

/** One message of a conversation as a client records it. */
export interface ConversationTurn {
  readonly role: TurnRole;
  readonly content: string;
  readonly retrievalContext?: readonly string[] | null;
}

/**
 * Pairs conversation turns into inference results: a user turn opens a result and the assistant turns that
 * follow fill its output (joined by blank lines); an assistant turn with no user turn before it has no input.
 */
export function turnsToResults(turns: readonly ConversationTurn[]): InferenceResultFields[] {
  const results: { input: string | null; outputs: string[]; context: string[] | null }[] = [];
  for (const turn of turns) {
    const open = results.at(-1);
    if (turn.role === 'user' || !open)
      results.push({ input: turn.role === 'user' ? turn.content : null, outputs: [], context: null });
    const current = results.at(-1)!;
    if (turn.role === 'assistant') current.outputs.push(turn.content);
    if (turn.retrievalContext) current.context = [...(current.context ?? []), ...turn.retrievalContext];
  }
  return results.map((result) => ({
    input: result.input,
    output: result.outputs.length > 0 ? result.outputs.join('\n\n') : null,
    retrievalContext: result.context,
    status: result.outputs.length > 0 ? 'COMPLETED' : 'PENDING',
  }));
}
