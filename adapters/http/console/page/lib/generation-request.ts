import {
  DETERMINISTIC_STRATEGIES,
  MODEL_STRATEGIES,
  RED_TEAMING_VARIANTS,
  type RedTeamingVariant,
} from '../../../../../domain/dataset-generation/red-teaming-names.ts';
import type { Schemas } from '../api.ts';

export type GenerationRequest = Schemas['GenerationRequest'];
export type GenerationKind = GenerationRequest['kind'];
type Variant = NonNullable<GenerationRequest['variants']>[number];
type Strategy = NonNullable<GenerationRequest['strategies']>[number];

/** The three kinds, each the type of test it writes into. */
export const GENERATION_KINDS = ['QUALITY', 'RED_TEAMING', 'SCENARIOS'] as const satisfies readonly GenerationKind[];

/** The words the form shows for each red-teaming threat. */
const VARIANT_WORDS: Record<RedTeamingVariant, string> = {
  toxicity: 'Toxicity',
  data_leakage: 'Data leakage',
  misuse: 'Misuse',
  financial_attacks: 'Financial attacks',
  illegal_activities: 'Illegal activities',
  custom: 'Custom (describe it)',
};

/** The red-teaming threats the API accepts, in its order, with the words the form shows. */
export const VARIANTS: readonly (readonly [Variant, string])[] = RED_TEAMING_VARIANTS.map(
  (variant) => [variant, VARIANT_WORDS[variant]] as const,
);

/** The strategies besides `original` (always played): transforms first, then those the model rewrites. */
export const STRATEGY_GROUPS = [
  { legend: 'Transforms', strategies: DETERMINISTIC_STRATEGIES },
  { legend: 'Rewritten by the model', strategies: MODEL_STRATEGIES },
] as const satisfies readonly { legend: string; strategies: readonly Strategy[] }[];

/** At most this many few-shot examples (the API's bound). */
export const MAX_EXAMPLES = 10;

/** The largest `maxTestCases` a kind accepts. */
export const maxTestCasesOf = (kind: GenerationKind): number => (kind === 'SCENARIOS' ? 100 : 1000);

const text = (form: FormData, name: string): string => String(form.get(name) ?? '').trim();
const optional = (value: string): string | undefined => (value === '' ? undefined : value);

/** Few-shot pairs from the form's rows; a row left empty is skipped. */
function examples(form: FormData): GenerationRequest['fewShotExamples'] {
  const inputs = form.getAll('exampleInput').map(String);
  const outputs = form.getAll('exampleOutput').map(String);
  const pairs = inputs
    .map((input, at) => ({ input: input.trim(), expectedOutput: (outputs[at] ?? '').trim() }))
    .filter((pair) => pair.input !== '' || pair.expectedOutput !== '');
  return pairs.length > 0 ? pairs : undefined;
}

/**
 * The body of `POST /tests/{id}/generate` from the form's fields, for its kind. The API judges the values (bounds,
 * a variant's description, the kind against the test's type) and says what is wrong; the form only gathers them.
 * `knowledge` is the pasted text or the uploaded file's uri (QUALITY).
 */
export function generationRequest(
  kind: GenerationKind,
  form: FormData,
  knowledge?: GenerationRequest['knowledge'],
): GenerationRequest {
  const common = {
    kind,
    maxTestCases: Number(text(form, 'maxTestCases')),
    language: optional(text(form, 'language')),
  };
  if (kind === 'QUALITY')
    return {
      ...common,
      knowledge,
      fewShotExamples: examples(form),
      customUserFocus: optional(text(form, 'customUserFocus')),
    };
  if (kind === 'RED_TEAMING') {
    const variant = text(form, 'variant') as Variant;
    return {
      ...common,
      variants: [variant],
      customVariantDescription: variant === 'custom' ? text(form, 'customVariantDescription') : undefined,
      strategies: form.getAll('strategies').map(String) as Strategy[],
    };
  }
  const iterations = text(form, 'maxIterations');
  return {
    ...common,
    customUserFocus: optional(text(form, 'customUserFocus')),
    maxIterations: iterations === '' ? undefined : Number(iterations),
  };
}
