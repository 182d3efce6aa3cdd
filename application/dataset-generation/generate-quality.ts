import { chunkKnowledge } from '../../domain/dataset-generation/knowledge-chunks.ts';
import { qualityItem } from '../../domain/dataset-generation/generated-items.ts';
import type { Ports } from '../ports/ports.ts';
import { askGenerationModel, GenerationFailed } from './ask-generation-model.ts';
import type { GenerationSession } from './generation-session.ts';

/** Items asked of the model in one call at most. */
export const ITEMS_PER_CALL = 25;

/**
 * QUALITY: the knowledge split into chunks, one chunk a call in turn; each item becomes a test case whose `context`
 * is the chunk it came from.
 */
export async function generateQuality(
  ports: Pick<Ports, 'generationModel' | 'knowledgeFiles'>,
  session: GenerationSession,
): Promise<void> {
  const job = session.current;
  const fileId = job.parameters.knowledgeFileId ?? '';
  const file = await ports.knowledgeFiles.get(job.organizationId, fileId);
  if (file === null) throw new GenerationFailed('The knowledge file is gone');
  const chunks = chunkKnowledge(file.text);
  if (chunks.length === 0) throw new GenerationFailed('The knowledge holds no text');
  for (let turn = job.callCount; session.stopped() === null; turn++) {
    const chunk = chunks[turn % chunks.length];
    const items = await askGenerationModel(ports, {
      kind: 'QUALITY',
      languageCode: job.languageCode,
      count: Math.min(session.room, ITEMS_PER_CALL),
      chunk,
      fewShotExamples: job.parameters.fewShotExamples ?? [],
      customUserFocus: job.parameters.customUserFocus ?? null,
    });
    const candidates = (items ?? []).flatMap((value) => {
      const item = qualityItem(value);
      return item
        ? [{ key: item.input, fields: { input: item.input, expectedOutput: item.expectedOutput, context: chunk } }]
        : [];
    });
    await session.afterCall(candidates);
  }
}
