import { listPage } from '../api.ts';
import { ErrorBanner } from '../components/error-banner.tsx';
import { Link } from '../components/link.tsx';
import { useLoad } from '../components/use-load.ts';
import { count } from '../format.ts';

/** At most this many failed sessions are listed; the count says how many more there are. */
const SHOWN = 50;

/** The sessions of the run that failed (a generation that could not finish), each with why. */
export function FailedSessions({ runId }: { readonly runId: string }) {
  const failed = useLoad(() => listPage('/sessions', { runIds: [runId], statuses: ['FAILED'], limit: SHOWN }), [runId]);
  if (failed.error) return <ErrorBanner error={failed.error} />;
  const page = failed.data;
  if (!page || page.items.length === 0) return null;
  return (
    <>
      <h3>Failed sessions</h3>
      <ul class="failed-sessions">
        {page.items.map((session) => (
          <li key={session.id}>
            <Link href={`/app/sessions/${encodeURIComponent(session.id)}`}>{session.customId ?? session.id}</Link>:{' '}
            {session.error ?? session.stoppingReason ?? 'no reason recorded'}
          </li>
        ))}
      </ul>
      {page.next && <p class="muted">Only the first {count(SHOWN)} are listed.</p>}
    </>
  );
}
