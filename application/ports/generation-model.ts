import type { FewShotExample } from '../../domain/dataset-generation/generation-request.ts';
import type { RedTeamingVariant } from '../../domain/dataset-generation/red-teaming-names.ts';

/** The product a red-teaming or scenario brief is about: its description and its specifications' descriptions. */
export interface ProductBrief {
  readonly name: string;
  readonly description: string | null;
  readonly specifications: readonly string[];
}

/** What one generation call asks the model for; `count` is how many items it wants (the model may send more or fewer). */
export type GenerationBrief =
  | {
      readonly kind: 'QUALITY';
      readonly languageCode: string;
      readonly count: number;
      readonly chunk: string;
      readonly fewShotExamples: readonly FewShotExample[];
      readonly customUserFocus: string | null;
    }
  | {
      readonly kind: 'RED_TEAMING';
      readonly languageCode: string;
      readonly count: number;
      readonly variant: RedTeamingVariant;
      readonly customVariantDescription: string | null;
      readonly product: ProductBrief;
    }
  | {
      readonly kind: 'REWRITE';
      readonly languageCode: string;
      readonly strategy: string;
      readonly variant: RedTeamingVariant;
      readonly originals: readonly string[];
    }
  | {
      readonly kind: 'SCENARIOS';
      readonly languageCode: string;
      readonly count: number;
      readonly customUserFocus: string | null;
      readonly product: ProductBrief;
    };

/**
 * One call's outcome: the items of the answer's `{"testCases": [...]}` (unchecked), an answer of the wrong shape
 * (`malformed`: not JSON, no `testCases` array), or no answer at all (`unreachable`: refused connection, timeout, an
 * error status).
 */
export type GenerationAnswer =
  | { readonly kind: 'items'; readonly items: readonly unknown[] }
  | { readonly kind: 'malformed'; readonly error: string }
  | { readonly kind: 'unreachable'; readonly error: string };

/** The model that writes test cases (OpenAI-compatible chat completions). Never throws: failures are answers. */
export interface GenerationModel {
  /** False when no model is configured: every call is `unreachable`, saying so. */
  readonly configured: boolean;
  ask(brief: GenerationBrief): Promise<GenerationAnswer>;
}
