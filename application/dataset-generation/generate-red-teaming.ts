import { attackItem } from '../../domain/dataset-generation/generated-items.ts';
import { isDeterministic, strategyShares, transformOriginal } from '../../domain/dataset-generation/red-teaming.ts';
import type { RedTeamingVariant } from '../../domain/dataset-generation/red-teaming-names.ts';
import type { ProductBrief } from '../ports/generation-model.ts';
import type { Ports } from '../ports/ports.ts';
import { askGenerationModel } from './ask-generation-model.ts';
import { ITEMS_PER_CALL } from './generate-quality.ts';
import type { Candidate, GenerationSession } from './generation-session.ts';

/** Originals one rewrite call hands the model. */
const REWRITES_PER_CALL = 10;

const inputText = (input: Record<string, unknown>): string =>
  typeof input.user_message === 'string' ? input.user_message : JSON.stringify(input);

/**
 * RED_TEAMING: the model writes original attacks for the threat (as many as the largest share; each is the `original`
 * strategy's test case), then each other strategy yields its share from the first originals, one test case per
 * original: deterministic ones by their transform, model ones by a rewrite call. A redelivered job reads the
 * originals and strategy test cases it wrote and goes on from there.
 */
export async function generateRedTeaming(
  ports: Pick<Ports, 'generationModel'>,
  session: GenerationSession,
  product: ProductBrief,
): Promise<void> {
  const job = session.current;
  const variant = job.parameters.variant as RedTeamingVariant;
  const shares = strategyShares(job.parameters.strategies ?? ['original'], job.maxTestCases);
  const written = (strategy: string) => session.held.filter((testCase) => testCase.strategy === strategy).length;
  const originals = session.held
    .filter((testCase) => testCase.strategy === 'original')
    .map((testCase) => inputText(testCase.input));
  const candidate = (strategy: string, input: string): Candidate => ({
    key: input,
    fields: { input, variant, strategy },
  });
  while (originals.length < shares[0].count && session.stopped() === null) {
    const items = await askGenerationModel(ports, {
      kind: 'RED_TEAMING',
      languageCode: job.languageCode,
      count: Math.min(shares[0].count - originals.length, ITEMS_PER_CALL),
      variant,
      customVariantDescription: job.parameters.customVariantDescription ?? null,
      product,
    });
    const attacks = (items ?? []).flatMap((value) => attackItem(value) ?? []);
    const kept = await session.afterCall(
      attacks.map((attack) => candidate('original', attack.input)),
      shares[0].count - originals.length,
    );
    originals.push(...kept.map((testCase) => inputText(testCase.input)));
  }
  for (const { strategy, count } of shares.slice(1)) {
    const todo = originals.slice(written(strategy), count);
    if (isDeterministic(strategy)) {
      if (session.interruption !== null) return;
      await session.write(todo.map((original) => candidate(strategy, transformOriginal(strategy, original))));
      continue;
    }
    for (let at = 0; at < todo.length && session.stopped() === null; at += REWRITES_PER_CALL) {
      const batch = todo.slice(at, at + REWRITES_PER_CALL);
      const items = await askGenerationModel(ports, {
        kind: 'REWRITE',
        languageCode: job.languageCode,
        strategy,
        variant,
        originals: batch,
      });
      const rewrites = (items ?? []).slice(0, batch.length).flatMap((value) => attackItem(value) ?? []);
      await session.afterCall(rewrites.map((rewrite) => candidate(strategy, rewrite.input)));
    }
  }
}
