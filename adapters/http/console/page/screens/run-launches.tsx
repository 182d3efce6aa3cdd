import { useState } from 'preact/hooks';
import type { Schemas } from '../api.ts';
import { Status } from '../components/stat-list.tsx';
import { count, when } from '../format.ts';

type Launch = Schemas['Launch'];

/** How far a launch has come: its progress (generation launches) or its counts. */
function Progress({ launch }: { readonly launch: Launch }) {
  const progress = launch.progress;
  if (!progress)
    return (
      <span>
        {count(launch.evaluationCount)} evaluations over {count(launch.sessionCount)} sessions
      </span>
    );
  const done = progress.sessionsDone + progress.sessionsFailed;
  return (
    <span>
      <progress max={Math.max(progress.testCases, 1)} value={done} aria-label={`Launch ${launch.id} progress`} />{' '}
      {count(done)} of {count(progress.testCases)} test cases · {count(progress.sessionsFailed)} sessions failed ·{' '}
      {count(progress.evaluationsCreated)} evaluations
      {progress.skippedForCredits.length > 0 && ` · ${progress.skippedForCredits.length} left out for want of credits`}
      {progress.skippedCancelled > 0 && ` · ${progress.skippedCancelled} left out by the cancellation`}
    </span>
  );
}

/** Launches shown before "show all". */
const FIRST = 5;

/** A run's launches, oldest first: kind, status, progress and why one failed (the failed ones always shown). */
export function Launches({ launches }: { readonly launches: readonly Launch[] }) {
  const [all, setAll] = useState(false);
  if (launches.length === 0) return <p class="muted">No launch: the evaluations were written into the run directly.</p>;
  const shown = all
    ? launches
    : launches.filter((launch, index) => index < FIRST || launch.status === 'FAILED' || launch.error);
  return (
    <>
      <ul class="launches">
        {shown.map((launch) => (
          <li key={launch.id} data-launch={launch.id}>
            <strong>{launch.kind}</strong> <Status value={launch.status} /> · started {when(launch.startedAt)} ·{' '}
            <Progress launch={launch} />
            {launch.error && (
              <p class="banner error" role="note">
                {launch.error}
              </p>
            )}
          </li>
        ))}
      </ul>
      {shown.length < launches.length && (
        <button type="button" class="link-button" onClick={() => setAll(true)}>
          show all {launches.length} launches
        </button>
      )}
    </>
  );
}
