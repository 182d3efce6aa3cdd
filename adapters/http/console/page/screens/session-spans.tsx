import type { Schemas } from '../api.ts';
import { listAll } from '../api.ts';
import { ErrorBanner } from '../components/error-banner.tsx';
import { Loading } from '../components/loading.tsx';
import { SpanDetail } from '../components/span-detail.tsx';
import { SpanTree } from '../components/span-tree.tsx';
import { useLoad } from '../components/use-load.ts';

interface TurnSpansProps {
  readonly turnId: string;
  /** The span the address names (`?span=`); the first span when none is named. */
  readonly selectedId: string | null;
  readonly onSelect: (spanId: string) => void;
}

/** A turn's spans, read by cursor pages of 1000: their tree and timeline, and the selected span's detail. */
export function TurnSpans({ turnId, selectedId, onSelect }: TurnSpansProps) {
  const spans = useLoad(() => listAll('/traces', { inferenceResultIds: [turnId] }), [turnId]);
  if (spans.error) return <ErrorBanner error={spans.error} />;
  if (!spans.data) return <Loading label="Loading spans…" />;
  const all = spans.data as readonly Schemas['Span'][];
  if (all.length === 0) return <p class="muted">This turn has no spans.</p>;
  const selected = all.find((span) => span.id === selectedId) ?? null;
  return (
    <div class="turn-spans">
      <SpanTree spans={all} selectedId={selected?.id ?? null} onSelect={(span) => onSelect(span.id)} />
      {selected ? <SpanDetail span={selected} /> : <p class="muted">Choose a span to see its input and output.</p>}
    </div>
  );
}
