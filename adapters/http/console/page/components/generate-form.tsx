import { useState } from 'preact/hooks';
import { answered, client, type Schemas } from '../api.ts';
import {
  GENERATION_KINDS,
  type GenerationKind,
  type GenerationRequest,
  generationRequest,
  maxTestCasesOf,
} from '../lib/generation-request.ts';
import { ErrorBanner } from './error-banner.tsx';
import { type KnowledgeMode, QualityFields, RedTeamingFields, ScenariosFields } from './generate-kind-fields.tsx';

type Job = Schemas['GenerationJob'];

/** The knowledge of a QUALITY job: the pasted text, or the chosen file uploaded first (`POST /files`). */
async function knowledgeOf(mode: KnowledgeMode, form: FormData): Promise<GenerationRequest['knowledge']> {
  if (mode === 'text') return { text: String(form.get('knowledgeText') ?? '') };
  const file = form.get('knowledgeFile');
  if (!(file instanceof File) || file.name === '') throw new Error('Choose a knowledge file to upload.');
  const upload = new FormData();
  upload.append('file', file);
  // openapi-fetch sends a FormData body as multipart/form-data, the browser writing the boundary.
  const body = upload as unknown as { file: string };
  const stored = await answered(client.POST('/files', { body }));
  return { uri: stored.uri };
}

/**
 * The "Generate" form of a dataset: the kind (the dataset's type by default), how many test cases, the language, and
 * each kind's own fields. It queues the job and hands it over; the API's refusals (400, 402, 409) are said as text.
 */
export function GenerateForm({
  testId,
  type,
  onStarted,
}: {
  readonly testId: string;
  readonly type: GenerationKind;
  readonly onStarted: (job: Job) => void;
}) {
  const [kind, setKind] = useState<GenerationKind>(type);
  const [mode, setMode] = useState<KnowledgeMode>('text');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setBusy(true);
    setError(null);
    void (async () => {
      try {
        const knowledge = kind === 'QUALITY' ? await knowledgeOf(mode, form) : undefined;
        const body = generationRequest(kind, form, knowledge);
        const job = await answered(client.POST('/tests/{id}/generate', { params: { path: { id: testId } }, body }));
        onStarted(job);
      } catch (failure) {
        setError(failure);
      } finally {
        setBusy(false);
      }
    })();
  };

  return (
    <form class="generate-form" aria-label="Generate test cases" onSubmit={submit}>
      <div class="generate-fields">
        <label>
          Kind
          <select
            name="kind"
            value={kind}
            onChange={(event) => setKind((event.currentTarget as HTMLSelectElement).value as GenerationKind)}
          >
            {GENERATION_KINDS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
        <label>
          How many test cases
          <input name="maxTestCases" type="number" min={1} max={maxTestCasesOf(kind)} defaultValue="10" required />
        </label>
        <label>
          Language
          <input name="language" placeholder="en" maxLength={64} spellcheck={false} />
        </label>
        {kind === 'QUALITY' ? (
          <QualityFields mode={mode} onMode={setMode} />
        ) : kind === 'RED_TEAMING' ? (
          <RedTeamingFields />
        ) : (
          <ScenariosFields />
        )}
      </div>
      <ErrorBanner error={error} />
      <button type="submit" disabled={busy}>
        {busy ? 'Starting…' : 'Generate'}
      </button>
    </form>
  );
}
