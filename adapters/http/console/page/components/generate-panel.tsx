import { useEffect, useState } from 'preact/hooks';
import { listPage, type Schemas } from '../api.ts';
import type { GenerationKind } from '../lib/generation-request.ts';
import { GenerateForm } from './generate-form.tsx';
import { GenerationJobStatus } from './generation-job-status.tsx';

type Job = Schemas['GenerationJob'];

/**
 * A dataset's generation: the "Generate" form (folded until asked for) and the latest job started here or still open
 * (found on arrival, so a reload keeps showing a running job). `onWritten` is told when a job ends.
 */
export function GeneratePanel({
  testId,
  type,
  onWritten,
}: {
  readonly testId: string;
  readonly type: GenerationKind;
  readonly onWritten: () => void;
}) {
  const [job, setJob] = useState<Job | null>(null);
  useEffect(() => {
    let current = true;
    listPage('/jobs', { testIds: [testId], states: ['queued', 'active'], limit: 1 }).then(
      (page) => current && page.items[0] && setJob((shown) => shown ?? page.items[0]!),
      () => {}, // the form still works; a refusal shows when it is used
    );
    return () => {
      current = false;
    };
  }, [testId]);

  return (
    <section class="generate" aria-label="Generation">
      <details>
        <summary>Generate test cases</summary>
        <GenerateForm testId={testId} type={type} onStarted={setJob} />
      </details>
      {job ? <GenerationJobStatus key={job.id} job={job} onEnded={onWritten} /> : null}
    </section>
  );
}
