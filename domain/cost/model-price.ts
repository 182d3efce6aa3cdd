import { Forbidden, IssueCollector } from '../errors.ts';
import type { Actor } from '../identity/role.ts';
import { checkName, checkText, patch } from '../shared/fields.ts';
import type { Creation } from '../shared/record.ts';
import { checkPrice, PRICE_FIELDS, type PriceField } from './price-amounts.ts';

/** The longest `matchPattern` a model takes (matched only against model names of at most 255 bytes). */
export const MATCH_PATTERN_LIMIT = 200;

/**
 * A model's prices (API word: model, `model_…`): US dollars per token. `organizationId` null marks a platform-wide
 * model every organization reads and none changes; an organization's own model of the same name wins over it.
 */
export interface ModelPrice {
  readonly id: string;
  readonly organizationId: string | null;
  readonly name: string;
  /** A regular expression (RE2 semantics) matched against the model name a span or version reports. */
  readonly matchPattern: string | null;
  readonly costPerInputToken: number;
  readonly costPerOutputToken: number;
  readonly costPerCacheReadInputToken: number | null;
  readonly costPerCacheCreationInputToken: number | null;
  readonly costPerInputTokenAbove128k: number | null;
  readonly costPerOutputTokenAbove128k: number | null;
  readonly tokenizerProvider: string | null;
  readonly source: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly deletedAt: string | null;
  readonly version: number;
}

type Editable = Pick<ModelPrice, 'name' | 'matchPattern' | 'tokenizerProvider' | 'source' | PriceField>;

export interface NewModelPrice extends Partial<Editable> {
  readonly name: string;
  readonly costPerInputToken: number;
  readonly costPerOutputToken: number;
  /** Platform ADMIN only: a model every organization reads. */
  readonly platformWide?: boolean;
}

export type ModelPriceChanges = Partial<Editable>;

/** Checks the fields; `patternProblem` is what the pattern engine said of `matchPattern` (null when it compiles). */
function validate(changes: ModelPriceChanges, creating: boolean, patternProblem: string | null): void {
  const issues = new IssueCollector();
  checkName(issues, 'name', changes.name, { required: creating });
  for (const field of PRICE_FIELDS) {
    const required = field === 'costPerInputToken' || field === 'costPerOutputToken';
    checkPrice(issues, field, changes[field], { required: required && creating, nullable: !required });
  }
  const pattern = changes.matchPattern;
  if (typeof pattern === 'string') {
    issues.check(pattern.length > 0, 'matchPattern', 'must not be empty');
    issues.check(
      pattern.length <= MATCH_PATTERN_LIMIT,
      'matchPattern',
      `must be at most ${MATCH_PATTERN_LIMIT} characters`,
    );
    if (patternProblem !== null && pattern.length <= MATCH_PATTERN_LIMIT) issues.add('matchPattern', patternProblem);
  }
  checkName(issues, 'tokenizerProvider', changes.tokenizerProvider, { nullable: true });
  checkText(issues, 'source', changes.source);
  if (typeof changes.source === 'string')
    issues.check(changes.source.length <= 2000, 'source', 'must be at most 2000 characters');
  issues.throwIfAny();
}

/** Only the platform ADMIN creates platform-wide models. */
export function assertMayCreate(actor: Actor, input: NewModelPrice): void {
  if (input.platformWide && actor.role !== 'ADMIN')
    throw new Forbidden('Only the platform ADMIN creates platform-wide models');
}

/** A platform-wide model is read by every organization and changed by none (the platform ADMIN included). */
export function assertMayChange(model: ModelPrice): void {
  if (model.organizationId === null) throw new Forbidden('A platform-wide model cannot be changed');
}

/** Whether an organization sees the model: its own, or a platform-wide one. */
export const visibleTo = (model: ModelPrice, organizationId: string): boolean =>
  model.organizationId === null || model.organizationId === organizationId;

export function createModelPrice(
  input: NewModelPrice,
  { id, organizationId, now }: Creation,
  patternProblem: string | null,
): ModelPrice {
  validate(input, true, patternProblem);
  return {
    id,
    organizationId: input.platformWide ? null : organizationId,
    name: input.name.trim(),
    matchPattern: input.matchPattern ?? null,
    costPerInputToken: input.costPerInputToken,
    costPerOutputToken: input.costPerOutputToken,
    costPerCacheReadInputToken: input.costPerCacheReadInputToken ?? null,
    costPerCacheCreationInputToken: input.costPerCacheCreationInputToken ?? null,
    costPerInputTokenAbove128k: input.costPerInputTokenAbove128k ?? null,
    costPerOutputTokenAbove128k: input.costPerOutputTokenAbove128k ?? null,
    tokenizerProvider: input.tokenizerProvider ?? null,
    source: input.source ?? null,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
    version: 0,
  };
}

export function updateModelPrice(
  model: ModelPrice,
  changes: ModelPriceChanges,
  now: string,
  patternProblem: string | null,
): ModelPrice {
  validate(changes, false, patternProblem);
  return patch(model, { ...changes, name: changes.name?.trim(), updatedAt: now });
}
