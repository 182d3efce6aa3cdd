import { useEffect, useState } from 'preact/hooks';
import { listPage, type Schemas } from '../api.ts';
import { ErrorBanner } from '../components/error-banner.tsx';
import { Loading } from '../components/loading.tsx';
import { SpanDetail } from '../components/span-detail.tsx';
import { SpanTree } from '../components/span-tree.tsx';

type Span = Schemas['Span'];

/** A turn's spans as they arrive: cursor pages in start order (200, then 1000 each), the tree drawn from the first on. */
interface Arriving {
  readonly spans: readonly Span[];
  readonly complete: boolean;
  readonly error: unknown;
}

function useTurnSpans(turnId: string): Arriving {
  const [state, setState] = useState<Arriving>({ spans: [], complete: false, error: null });
  useEffect(() => {
    let current = true;
    setState({ spans: [], complete: false, error: null });
    (async () => {
      let cursor: string | null = null;
      let spans: Span[] = [];
      do {
        // A small first page draws the tree's first rows soon; the rest come 1000 at a time.
        const query = { inferenceResultIds: [turnId], sort: 'startTime,asc', limit: spans.length === 0 ? 200 : 1000 };
        const page: { items: readonly Span[]; next: string | null } = await listPage('/traces', query, cursor);
        if (!current) return;
        spans = [...spans, ...page.items];
        cursor = page.next;
        setState({ spans, complete: cursor === null, error: null });
      } while (cursor);
    })().catch((error: unknown) => current && setState((before) => ({ ...before, error })));
    return () => {
      current = false;
    };
  }, [turnId]);
  return state;
}

interface TurnSpansProps {
  readonly turnId: string;
  /** The span the address names (`?span=`). */
  readonly selectedId: string | null;
  readonly onSelect: (spanId: string) => void;
}

/** A turn's spans: their tree and timeline, drawn as the pages arrive, and the selected span's detail. */
export function TurnSpans({ turnId, selectedId, onSelect }: TurnSpansProps) {
  const { spans, complete, error } = useTurnSpans(turnId);
  if (error) return <ErrorBanner error={error} />;
  if (spans.length === 0 && !complete) return <Loading label="Loading spans…" />;
  if (spans.length === 0) return <p class="muted">This turn has no spans.</p>;
  const selected = spans.find((span) => span.id === selectedId) ?? null;
  return (
    <div class="turn-spans">
      <SpanTree
        spans={spans}
        complete={complete}
        selectedId={selected?.id ?? null}
        onSelect={(span) => onSelect(span.id)}
      />
      {selected ? <SpanDetail span={selected} /> : <p class="muted">Choose a span to see its input and output.</p>}
    </div>
  );
}
