import { TEXT_LIMIT } from '../shared/fields.ts';
import { storableText } from '../shared/storable-text.ts';

/** A QUALITY item: a question grounded in a chunk and the answer the chunk supports. */
export interface QualityItem {
  readonly input: string;
  readonly expectedOutput: string;
}

/** A RED_TEAMING item: an attack prompt. */
export interface AttackItem {
  readonly input: string;
}

/** A SCENARIOS item: a simulated user, what it wants, and when the conversation is over. */
export interface ScenarioItem {
  readonly userPersona: string;
  readonly goal: string;
  readonly scenario: string;
  readonly stoppingCriterias: readonly string[];
  readonly input: string | null;
}

/** A non-empty text within the test case's limit, trimmed, NUL made storable (the model's words are not refused). */
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' && value.length <= TEXT_LIMIT ? storableText(value.trim()) : null;

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** A QUALITY item from the model, or null when it lacks a non-empty `input` or `expectedOutput`. */
export function qualityItem(value: unknown): QualityItem | null {
  const item = record(value);
  const input = text(item?.input);
  const expectedOutput = text(item?.expectedOutput);
  return input && expectedOutput ? { input, expectedOutput } : null;
}

/** An attack from the model, or null when it lacks a non-empty `input`. */
export function attackItem(value: unknown): AttackItem | null {
  const input = text(record(value)?.input);
  return input ? { input } : null;
}

/** A scenario from the model, or null when a required field is missing or not text (the criteria: texts, ≥ 1). */
export function scenarioItem(value: unknown): ScenarioItem | null {
  const item = record(value);
  const [userPersona, goal, scenario] = [text(item?.userPersona), text(item?.goal), text(item?.scenario)];
  const criteria = Array.isArray(item?.stoppingCriterias) ? item.stoppingCriterias.map(text) : [];
  if (!userPersona || !goal || !scenario || criteria.length === 0 || criteria.length > 20) return null;
  if (criteria.some((criterion) => criterion === null)) return null;
  const input = item?.input === undefined || item.input === null ? null : text(item.input);
  return { userPersona, goal, scenario, stoppingCriterias: criteria as string[], input };
}

/** What makes two test cases the same: their inputs after trimming and case-folding. */
export const dedupKey = (input: string): string => input.trim().toLowerCase();

/**
 * The items not seen before, in order, at most `room` of them; `seen` (keys of what the job holds) learns each one
 * kept. Items whose key is missing (`keyOf` null) are dropped.
 */
export function freshItems<I>(items: readonly I[], seen: Set<string>, keyOf: (item: I) => string, room: number): I[] {
  const fresh: I[] = [];
  for (const item of items) {
    if (fresh.length >= room) break;
    const key = dedupKey(keyOf(item));
    if (seen.has(key)) continue;
    seen.add(key);
    fresh.push(item);
  }
  return fresh;
}
