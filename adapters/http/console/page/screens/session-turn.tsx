import type { Schemas } from '../api.ts';
import { SpanText } from '../components/span-json.tsx';
import { count, score } from '../format.ts';
import { formatDuration } from '../lib/timeline.ts';
import { TurnSpans } from './session-spans.tsx';

type Turn = Schemas['InferenceResult'];
type Evaluation = Schemas['Evaluation'];

/** A cost as stored (the product's own unit), without float noise. */
const cost = (value: number | null): string => (value === null ? '—' : String(Math.round(value * 1e6) / 1e6));

interface TurnCardProps {
  readonly turn: Turn;
  readonly number: number;
  readonly evaluations: readonly Evaluation[];
  readonly metricNames: ReadonlyMap<string, string>;
  readonly open: boolean;
  readonly selectedSpanId: string | null;
  readonly onOpen: (open: boolean) => void;
  readonly onSelectSpan: (spanId: string) => void;
}

/** One turn: what went in and came out, what it cost, how it was scored, and (opened) its spans. */
export function TurnCard(props: TurnCardProps) {
  const { turn, number } = props;
  const spansId = `spans-${turn.id}`;
  return (
    <li class="turn" data-turn={turn.id}>
      <h3>
        Turn {number} <span class={`status status-${turn.status}`}>{turn.status}</span>
      </h3>
      <dl class="turn-numbers">
        <div>
          <dt>Latency</dt>
          <dd>{formatDuration(turn.latency)}</dd>
        </div>
        <div>
          <dt>Tokens in / out / total</dt>
          <dd>
            {count(turn.inputTokens)} / {count(turn.outputTokens)} / {count(turn.totalTokens)}
          </dd>
        </div>
        <div>
          <dt>Cost</dt>
          <dd>{cost(turn.cost)}</dd>
        </div>
        {turn.model && (
          <div>
            <dt>Model</dt>
            <dd>{turn.model}</dd>
          </div>
        )}
      </dl>
      <div class="exchange">
        <div class="bubble user">
          <h4>Input</h4>
          {turn.input === null ? <p class="muted">None.</p> : <SpanText text={turn.input} />}
        </div>
        <div class="bubble assistant">
          <h4>Output</h4>
          {turn.output === null ? <p class="muted">None.</p> : <SpanText text={turn.output} />}
        </div>
      </div>
      {turn.error && <p class="banner error">{turn.error}</p>}
      <Evaluations evaluations={props.evaluations} metricNames={props.metricNames} />
      <button
        type="button"
        aria-expanded={props.open}
        aria-controls={spansId}
        onClick={() => props.onOpen(!props.open)}
      >
        {props.open ? 'Hide spans' : 'Show spans'}
        {turn.droppedSpanCount > 0 ? ` (${count(turn.droppedSpanCount)} refused)` : ''}
      </button>
      <div id={spansId}>
        {props.open && <TurnSpans turnId={turn.id} selectedId={props.selectedSpanId} onSelect={props.onSelectSpan} />}
      </div>
    </li>
  );
}

interface EvaluationsProps {
  readonly evaluations: readonly Evaluation[];
  readonly metricNames: ReadonlyMap<string, string>;
}

/** How a turn (or the whole session) was scored: metric, status, score and reason. */
export function Evaluations({ evaluations, metricNames }: EvaluationsProps) {
  if (evaluations.length === 0) return <p class="muted">Not evaluated.</p>;
  return (
    <ul class="evaluations">
      {evaluations.map((evaluation) => (
        <li key={evaluation.id} data-evaluation={evaluation.id}>
          <span class="metric">{metricNames.get(evaluation.metricId) ?? evaluation.metricId}</span>{' '}
          <span class={`status status-${evaluation.status}`}>{evaluation.status}</span>{' '}
          <span class="score">{score(evaluation.score)}</span>
          {evaluation.reason && <span class="reason"> — {evaluation.reason}</span>}
          {evaluation.error && <span class="reason"> — {evaluation.error}</span>}
        </li>
      ))}
    </ul>
  );
}
