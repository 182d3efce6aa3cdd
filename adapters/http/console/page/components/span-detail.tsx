import type { Schemas } from '../api.ts';
import { count } from '../format.ts';
import { formatDuration } from '../lib/timeline.ts';
import { SpanJson, SpanText } from './span-json.tsx';

type Span = Schemas['Span'];

const fact = (label: string, value: string | null) =>
  value === null || value === '' ? null : (
    <div key={label}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );

/** A span's time of day to the millisecond (its date is the turn's). */
const clock = (iso: string | null): string | null => (iso ? iso.slice(11, 23) : null);

/** What one span did: its facts, error, description, input, output and metadata, every value shown as text. */
export function SpanDetail({ span }: { readonly span: Span }) {
  const usage = span.usage;
  return (
    <section class="span-detail" aria-labelledby="span-detail-title">
      <h3 id="span-detail-title">
        <span class={`span-type type-${span.type}`}>{span.type}</span> {span.name}
      </h3>
      <dl class="facts">
        {fact('Span id', span.id)}
        {fact('Parent', span.parentTraceId)}
        {fact('Started (UTC)', clock(span.startTime))}
        {fact('Ended (UTC)', clock(span.endTime))}
        {fact('Latency', span.latencyMs === null ? null : formatDuration(span.latencyMs))}
        {fact('Model', span.model)}
        {usage && fact('Tokens in / out', `${count(usage.inputTokens)} / ${count(usage.outputTokens)}`)}
        {usage?.cacheReadInputTokens ? fact('Cache read', count(usage.cacheReadInputTokens)) : null}
      </dl>
      {span.error !== null && (
        <div class="span-error">
          <h4>Error</h4>
          <SpanText key={`${span.id}-error`} text={span.error} />
        </div>
      )}
      {span.description !== null && (
        <>
          <h4>Description</h4>
          <SpanText key={`${span.id}-description`} text={span.description} />
        </>
      )}
      <Part title="Input" value={span.inputData} id={span.id} />
      <Part title="Output" value={span.outputData} id={span.id} />
      <Part title="Metadata" value={span.metadata} id={span.id} />
    </section>
  );
}

function Part({ title, value, id }: { readonly title: string; readonly value: unknown; readonly id: string }) {
  return (
    <>
      <h4>{title}</h4>
      {value === null ? <p class="muted">None.</p> : <SpanJson key={`${id}-${title}`} value={value} label={title} />}
    </>
  );
}
