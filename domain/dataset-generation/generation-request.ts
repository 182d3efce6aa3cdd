import { IssueCollector } from '../errors.ts';
import type { DatasetType } from '../dataset/dataset.ts';
import { canonicalLanguageTag, isLanguageTag } from '../dataset/language-tag.ts';
import { isDeterministic, playedStrategies } from './red-teaming.ts';
import { MODEL_STRATEGIES, RED_TEAMING_VARIANTS, type RedTeamingVariant, type Strategy } from './red-teaming-names.ts';

/** Limits of a generation request. */
export const GENERATION_LIMITS = {
  maxTestCases: 1000,
  scenarioTestCases: 100,
  knowledgeTextChars: 5 * 1024 * 1024,
  fewShotExamples: 10,
  steeringChars: 10_000,
  maxIterations: 20,
  defaultMaxIterations: 10,
} as const;

export interface FewShotExample {
  readonly input: string;
  readonly expectedOutput: string;
}

/** What a caller asks a generation job for (the knowledge as a text or a stored file's uri, resolved apart). */
export interface GenerationRequest {
  readonly kind: DatasetType;
  readonly maxTestCases: number;
  readonly language?: string;
  readonly fewShotExamples?: readonly FewShotExample[];
  readonly customUserFocus?: string | null;
  readonly variants?: readonly string[];
  readonly customVariantDescription?: string | null;
  readonly strategies?: readonly string[];
  readonly maxIterations?: number;
}

/** What the job keeps of the request, per kind, beside its kind, size and language. */
export interface GenerationParameters {
  readonly knowledgeFileId?: string;
  readonly fewShotExamples?: readonly FewShotExample[];
  readonly customUserFocus?: string | null;
  readonly variant?: RedTeamingVariant;
  readonly customVariantDescription?: string | null;
  readonly strategies?: readonly Strategy[];
  readonly maxIterations?: number;
}

const isVariant = (value: string): value is RedTeamingVariant =>
  (RED_TEAMING_VARIANTS as readonly string[]).includes(value);
const isStrategy = (value: string): boolean =>
  value === 'original' || isDeterministic(value) || (MODEL_STRATEGIES as readonly string[]).includes(value);

function checkSize(issues: IssueCollector, request: GenerationRequest): void {
  const most = request.kind === 'SCENARIOS' ? GENERATION_LIMITS.scenarioTestCases : GENERATION_LIMITS.maxTestCases;
  issues.check(
    Number.isInteger(request.maxTestCases) && request.maxTestCases >= 1 && request.maxTestCases <= most,
    'maxTestCases',
    `must be an integer between 1 and ${most}${request.kind === 'SCENARIOS' ? ' for SCENARIOS' : ''}`,
  );
}

function checkRedTeaming(issues: IssueCollector, request: GenerationRequest): void {
  const variants = request.variants ?? [];
  if (variants.length !== 1 || !isVariant(variants[0]))
    issues.add('variants', `must hold exactly one of ${RED_TEAMING_VARIANTS.join(', ')}`);
  if (variants[0] === 'custom' && !request.customVariantDescription?.trim())
    issues.add('customVariantDescription', 'is required when the variant is custom');
  (request.strategies ?? []).forEach((strategy, index) => {
    if (!isStrategy(strategy)) issues.add(`strategies.${index}`, `is not a strategy: "${strategy.slice(0, 40)}"`);
  });
}

/**
 * Checks a request against the dataset it fills (its type must be the request's kind) and answers what the job keeps;
 * every problem is reported at once (InvalidInput). The knowledge itself is checked where it is read.
 */
export function generationParameters(
  request: GenerationRequest,
  datasetType: DatasetType,
  knowledgeFileId: string | null,
): { parameters: GenerationParameters; languageCode: string } {
  const issues = new IssueCollector();
  issues.check(request.kind === datasetType, 'kind', `must match the test's type ${datasetType}`);
  checkSize(issues, request);
  const language = request.language ?? 'en';
  issues.check(isLanguageTag(language), 'language', 'must be a BCP-47 language tag such as en or pt-BR');
  for (const field of ['customUserFocus', 'customVariantDescription'] as const)
    issues.check(
      (request[field] ?? '').length <= GENERATION_LIMITS.steeringChars,
      field,
      `must be at most ${GENERATION_LIMITS.steeringChars} characters`,
    );
  if (request.kind === 'QUALITY') {
    issues.check(knowledgeFileId !== null, 'knowledge', 'is required for QUALITY: {text} or {uri}');
    issues.check(
      (request.fewShotExamples ?? []).length <= GENERATION_LIMITS.fewShotExamples,
      'fewShotExamples',
      `must hold at most ${GENERATION_LIMITS.fewShotExamples} examples`,
    );
  }
  if (request.kind === 'RED_TEAMING') checkRedTeaming(issues, request);
  const iterations = request.maxIterations ?? GENERATION_LIMITS.defaultMaxIterations;
  if (request.kind === 'SCENARIOS')
    issues.check(
      Number.isInteger(iterations) && iterations >= 1 && iterations <= GENERATION_LIMITS.maxIterations,
      'maxIterations',
      `must be an integer between 1 and ${GENERATION_LIMITS.maxIterations}`,
    );
  issues.throwIfAny();
  const languageCode = canonicalLanguageTag(language);
  if (request.kind === 'QUALITY')
    return {
      languageCode,
      parameters: {
        knowledgeFileId: knowledgeFileId ?? undefined,
        fewShotExamples: request.fewShotExamples ?? [],
        customUserFocus: request.customUserFocus ?? null,
      },
    };
  if (request.kind === 'RED_TEAMING')
    return {
      languageCode,
      parameters: {
        variant: request.variants?.[0] as RedTeamingVariant,
        customVariantDescription: request.customVariantDescription ?? null,
        strategies: playedStrategies(request.strategies ?? []),
      },
    };
  return { languageCode, parameters: { customUserFocus: request.customUserFocus ?? null, maxIterations: iterations } };
}
