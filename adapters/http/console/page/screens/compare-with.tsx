import { useState } from 'preact/hooks';
import { listPage } from '../api.ts';
import { useLoad } from '../components/use-load.ts';
import { appPath, navigate } from '../router.ts';

/** "Compare with…": picks another run of the same product as the base, this run as the head. */
export function CompareWith({ runId, productId }: { readonly runId: string; readonly productId: string }) {
  const runs = useLoad(
    async () =>
      (await listPage('/runs', { productIds: [productId], sort: 'ordinal,desc', limit: 100 })).items.filter(
        (run) => run.id !== runId,
      ),
    [runId, productId],
  );
  const [base, setBase] = useState('');
  const choices = runs.data ?? [];
  const chosen = base || choices[0]?.id || '';
  if (runs.data && choices.length === 0) return <p class="muted">No other run of this product to compare with.</p>;
  return (
    <form
      class="actions"
      aria-label="Compare with another run"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) navigate(appPath('/compare', { base: chosen, head: runId }));
      }}
    >
      <label>
        Compare with…{' '}
        <select value={chosen} onChange={(event) => setBase(event.currentTarget.value)} disabled={!runs.data}>
          {choices.map((run) => (
            <option key={run.id} value={run.id}>
              #{run.ordinal}
              {run.customId ? ` ${run.customId}` : ''} ({run.status})
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={!chosen}>
        Compare
      </button>
    </form>
  );
}
