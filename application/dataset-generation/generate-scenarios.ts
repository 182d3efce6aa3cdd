import { scenarioItem } from '../../domain/dataset-generation/generated-items.ts';
import type { ProductBrief } from '../ports/generation-model.ts';
import type { Ports } from '../ports/ports.ts';
import { askGenerationModel } from './ask-generation-model.ts';
import { ITEMS_PER_CALL } from './generate-quality.ts';
import type { GenerationSession } from './generation-session.ts';

/**
 * SCENARIOS: conversations for the simulator, each a SCENARIOS test case the from-version launch plays as it is (an
 * item's `input`, when given, is the first user message). Two scenarios are the same when their first message (or,
 * without one, their scenario) is.
 */
export async function generateScenarios(
  ports: Pick<Ports, 'generationModel'>,
  session: GenerationSession,
  product: ProductBrief,
): Promise<void> {
  const job = session.current;
  while (session.stopped() === null) {
    const items = await askGenerationModel(ports, {
      kind: 'SCENARIOS',
      languageCode: job.languageCode,
      count: Math.min(session.room, ITEMS_PER_CALL),
      customUserFocus: job.parameters.customUserFocus ?? null,
      product,
    });
    const candidates = (items ?? []).flatMap((value) => {
      const item = scenarioItem(value);
      if (!item) return [];
      const fields = {
        input: item.input === null ? {} : { user_message: item.input },
        userPersona: item.userPersona,
        goal: item.goal,
        scenario: item.scenario,
        stoppingCriterias: item.stoppingCriterias,
        maxIterations: job.parameters.maxIterations ?? null,
      };
      return [{ key: item.input ?? item.scenario, fields }];
    });
    await session.afterCall(candidates);
  }
}
