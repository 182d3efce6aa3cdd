import { DuplicateKey, InvalidInput } from '../../domain/errors.ts';
import type { GenerationJob } from '../../domain/dataset-generation/generation-job.ts';
import { checkUpfrontCredits } from '../../domain/dataset-generation/generation-credits.ts';
import {
  GENERATION_LIMITS,
  type GenerationRequest,
  generationParameters,
} from '../../domain/dataset-generation/generation-request.ts';
import { fileIdOf, type KnowledgeFile, utf8ByteLength } from '../../domain/dataset-generation/knowledge-file.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { storableText } from '../../domain/shared/storable-text.ts';
import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';
import { type GenerationJobView, viewGenerationJob } from './generation-job-view.ts';

/** The request body: the knowledge of a QUALITY job as a text or the uri of an uploaded file. */
export interface StartGenerationBody extends GenerationRequest {
  readonly knowledge?: { readonly text: string } | { readonly uri: string };
}

type StartPorts = Pick<
  Ports,
  'datasets' | 'knowledgeFiles' | 'generationJobs' | 'organizations' | 'jobQueue' | 'uow' | 'ids' | 'clock'
>;

/**
 * POST /tests/{id}/generate: queues a generation job on the caller's dataset. Refused when the request does not fit the
 * dataset (400), when the organization cannot pay for every test case asked (402), and while another job of the
 * dataset is queued or active (409, kept by a unique index so racing requests cannot both pass). A knowledge text is
 * stored as a file of its own, so the job row stays small.
 */
export class StartGeneration {
  constructor(
    private readonly ports: StartPorts,
    private readonly settings: Pick<Settings, 'generationCreditsPerTestCase'>,
  ) {}

  async execute(actor: Actor, datasetId: string, body: StartGenerationBody): Promise<GenerationJobView> {
    const scope = actor.organizationId;
    const now = this.ports.clock.now();
    const dataset = await this.ports.datasets.require(scope, datasetId);
    const knowledge = body.kind === 'QUALITY' ? await this.knowledgeOf(actor, body, now) : null;
    const { parameters, languageCode } = generationParameters(body, dataset.type, knowledge?.id ?? null);
    const organization = await this.ports.organizations.require(scope, scope);
    checkUpfrontCredits(organization, body.maxTestCases, this.settings.generationCreditsPerTestCase);
    const job: GenerationJob = {
      id: this.ports.ids.next('job'),
      organizationId: scope,
      datasetId: dataset.id,
      userId: actor.userId,
      kind: dataset.type,
      state: 'queued',
      activeDatasetId: dataset.id,
      maxTestCases: body.maxTestCases,
      languageCode,
      parameters,
      doneCount: 0,
      callCount: 0,
      error: null,
      startedAt: null,
      finishedAt: null,
      createdAt: now,
      deletedAt: null,
      version: 0,
    };
    try {
      await this.ports.uow.transaction(async () => {
        if (knowledge && !knowledge.stored) await this.ports.knowledgeFiles.insert(knowledge.file);
        await this.ports.generationJobs.insert(job);
        await this.ports.jobQueue.enqueueDatasetGenerations([{ organizationId: scope, jobId: job.id }]);
      });
    } catch (error) {
      if (error instanceof DuplicateKey)
        throw new DuplicateKey(error.fields, `Test ${dataset.id} already has a generation job queued or active`);
      throw error;
    }
    return viewGenerationJob(job);
  }

  /** The knowledge file: an uploaded one of the organization (404 otherwise), or a new one holding the text sent. */
  private async knowledgeOf(
    actor: Actor,
    body: StartGenerationBody,
    now: string,
  ): Promise<{ id: string; stored: boolean; file: KnowledgeFile } | null> {
    const knowledge = body.knowledge;
    if (knowledge === undefined) return null;
    if ('uri' in knowledge) {
      const id = fileIdOf(knowledge.uri);
      if (id === null)
        throw new InvalidInput([{ path: 'knowledge.uri', message: 'must be a uri answered by POST /files' }]);
      const file = await this.ports.knowledgeFiles.require(actor.organizationId, id);
      return { id, stored: true, file };
    }
    if (knowledge.text.length > GENERATION_LIMITS.knowledgeTextChars || knowledge.text.trim() === '')
      throw new InvalidInput([
        { path: 'knowledge.text', message: `must hold 1 to ${GENERATION_LIMITS.knowledgeTextChars} characters` },
      ]);
    const file: KnowledgeFile = {
      id: this.ports.ids.next('file'),
      organizationId: actor.organizationId,
      userId: actor.userId,
      filename: 'knowledge.txt',
      mimeType: 'text/plain',
      sizeBytes: utf8ByteLength(knowledge.text),
      text: storableText(knowledge.text),
      createdAt: now,
      deletedAt: null,
    };
    return { id: file.id, stored: false, file };
  }
}
