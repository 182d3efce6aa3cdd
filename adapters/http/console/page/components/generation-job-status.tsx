import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, answered, client, type Schemas } from '../api.ts';
import { counted } from '../format.ts';
import { ErrorBanner } from './error-banner.tsx';

type Job = Schemas['GenerationJob'];

/** How often a running job is read again. */
const POLL_MS = 750;

/** Whether the job is still queued or running. */
export const jobOpen = (job: Job): boolean => job.state === 'queued' || job.state === 'active';

function outcome(job: Job): string {
  const written = counted(job.result?.testCaseCount ?? job.progress.done, 'test case');
  if (job.state === 'completed') return `Completed: ${written} written.`;
  if (job.state === 'cancelled') return `Cancelled: ${written} written before it stopped.`;
  return `Failed: ${written} written.`;
}

/**
 * A generation job as it runs: its state and progress (read every 750 ms while it is open), a Cancel button, and its
 * outcome once it ends (`onEnded` is told once, so the page reads the test cases again).
 */
export function GenerationJobStatus({ job: first, onEnded }: { readonly job: Job; readonly onEnded: () => void }) {
  const [job, setJob] = useState(first);
  const [error, setError] = useState<unknown>(null);
  const [cancelling, setCancelling] = useState(false);
  const told = useRef(false);

  useEffect(() => {
    if (!jobOpen(job)) {
      if (!told.current) onEnded();
      told.current = true;
      return;
    }
    const timer = setTimeout(() => {
      answered(client.GET('/jobs/{id}', { params: { path: { id: job.id } } })).then(
        (read) => setJob(read),
        (failure: unknown) => {
          setError(failure);
          // The server unreachable or failing for a moment: read again on the next tick; a refusal stops.
          if (failure instanceof ApiError && (failure.status === 0 || failure.status >= 500)) setJob({ ...job });
        },
      );
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job]);

  const cancel = () => {
    setCancelling(true);
    setError(null);
    answered(client.POST('/jobs/{id}/cancel', { params: { path: { id: job.id } } }))
      .then(setJob, setError)
      .finally(() => setCancelling(false));
  };

  const open = jobOpen(job);
  return (
    <section class="generation-job" aria-label="Generation job" aria-live="polite">
      <p>
        <strong>
          {job.kind} job <span class={`status job-${job.state}`}>{job.state}</span>
        </strong>{' '}
        <span class="muted">{job.id}</span>
      </p>
      <p>
        <progress
          value={job.progress.done}
          max={job.progress.total}
          aria-label={`Test cases written: ${job.progress.done} of ${job.progress.total}`}
        />{' '}
        <span class="job-progress">
          {job.progress.done} of {job.progress.total} written
        </span>
      </p>
      {open ? (
        <button type="button" onClick={cancel} disabled={cancelling}>
          {cancelling ? 'Cancelling…' : 'Cancel'}
        </button>
      ) : (
        <p class={`job-outcome ${job.state === 'completed' ? 'banner notice' : 'banner error'}`}>
          {outcome(job)}
          {job.error ? ` ${job.error}` : ''}
        </p>
      )}
      <ErrorBanner error={error} />
    </section>
  );
}
