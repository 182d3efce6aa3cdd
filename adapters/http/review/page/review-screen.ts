import type { Evaluation } from '../../../../domain/evaluation/evaluation.ts';
import type { ReviewTurn } from '../../../../domain/review/review-context.ts';
import { h, when } from './dom.ts';
import type { Actions, State } from './main.ts';
import { banners, header } from './queue-screens.ts';

// The review screen: one evaluation's conversation, its claim, and the score form.

function turnView(turn: ReviewTurn, index: number): HTMLElement {
  const { spans } = turn;
  const spanLine = [
    `${spans.count} span${spans.count === 1 ? '' : 's'}`,
    spans.errors > 0 ? `${spans.errors} failed` : '',
    spans.tools.length > 0 ? `tools: ${spans.tools.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return h(
    'article',
    { class: `turn${turn.scored ? ' scored' : ''}` },
    h('div', { class: 'turn-head' }, `Turn ${index + 1}`, turn.scored ? h('span', { class: 'badge' }, 'scored') : null),
    h('div', { class: 'bubble user' }, h('span', { class: 'speaker' }, 'User'), turn.input ?? '(no input)'),
    h('div', { class: 'bubble assistant' }, h('span', { class: 'speaker' }, 'Assistant'), turn.output ?? '(no output)'),
    turn.retrievalContext &&
      h(
        'details',
        {},
        h('summary', {}, `Retrieved context (${turn.retrievalContext.length})`),
        h(
          'ul',
          {},
          turn.retrievalContext.map((item) => h('li', {}, item)),
        ),
      ),
    turn.error && h('p', { class: 'turn-error' }, `Error: ${turn.error}`),
    spans.count > 0 && h('p', { class: 'spans' }, spanLine),
  );
}

function claimPanel(state: State, actions: Actions, evaluation: Evaluation): HTMLElement {
  const holder = evaluation.humanEvaluatorId;
  const since = evaluation.humanEvaluatorStartedAt ? when(evaluation.humanEvaluatorStartedAt) : '';
  const status =
    holder === null
      ? 'Not claimed yet: claim it so nobody else scores it meanwhile.'
      : holder === state.me?.id
        ? `Claimed by you since ${since}.`
        : `Taken: claimed by another reviewer (${holder}) since ${since}.`;
  return h(
    'section',
    { class: `claim${holder && holder !== state.me?.id ? ' taken' : ''}` },
    h('p', { id: 'claim-status' }, status),
    holder === state.me?.id
      ? h('button', { type: 'button', disabled: state.busy, onclick: () => actions.release() }, 'Release')
      : h('button', { type: 'button', id: 'claim', disabled: state.busy, onclick: () => actions.claim() }, 'Claim (C)'),
  );
}

function scorePanel(state: State, actions: Actions): HTMLElement {
  const review = state.review!;
  const shown = review.score === null ? '–' : review.score.toFixed(2);
  const value = h('output', { id: 'score-value', for: 'score' }, shown);
  const slider = h('input', {
    id: 'score',
    type: 'range',
    min: 0,
    max: 1,
    step: 0.01,
    value: review.score ?? 0.5,
    'aria-label': 'Score',
    oninput: (event: Event) => {
      const score = Number((event.target as HTMLInputElement).value);
      actions.setScore(score, { quiet: true });
      value.textContent = score.toFixed(2);
    },
  });
  const reason = h('textarea', {
    id: 'reason',
    rows: 3,
    placeholder: 'Why this score (optional)',
    oninput: (event: Event) => actions.setReason((event.target as HTMLTextAreaElement).value),
  });
  reason.value = review.reason;
  return h(
    'section',
    { class: 'score' },
    h('label', { for: 'score' }, 'Score ', value),
    slider,
    h('p', { class: 'keys' }, '0–9 set 0.0–0.9 · = sets 1 · Enter submits · Ctrl+Enter from the reason'),
    h('label', { for: 'reason' }, 'Reason'),
    reason,
    h(
      'button',
      { type: 'button', id: 'submit', class: 'primary', disabled: state.busy, onclick: () => actions.submit() },
      'Submit (Enter)',
    ),
  );
}

/** One evaluation: the conversation on the left, the guideline and the scoring on the right. */
export function reviewScreen(state: State, actions: Actions): HTMLElement {
  const { context } = state.review!;
  const position = state.queue.findIndex((evaluation) => evaluation.id === context.evaluation.id);
  const { testCase } = context;
  return h(
    'div',
    { class: 'page' },
    header(
      state,
      actions,
      h('button', { type: 'button', class: 'quiet', onclick: () => actions.backToQueue() }, '← Queue (Esc)'),
      h(
        'span',
        { class: 'position' },
        position >= 0 ? `${position + 1} of ${state.queue.length}` : 'Not in your queue',
      ),
      h('button', { type: 'button', class: 'quiet', onclick: () => actions.step(-1) }, '‹ Previous (K)'),
      h('button', { type: 'button', class: 'quiet', onclick: () => actions.step(1) }, 'Next (J) ›'),
    ),
    banners(state),
    h(
      'main',
      { class: 'review' },
      h(
        'section',
        { class: 'conversation' },
        h('h2', {}, 'Conversation'),
        h('p', { class: 'meta' }, `Session ${context.session.customId ?? context.session.id}`),
        context.turns.length === 0 ? h('p', { class: 'empty' }, 'This session has no turns.') : null,
        context.turns.map(turnView),
        testCase &&
          h(
            'section',
            { class: 'test-case' },
            h('h2', {}, 'Test case'),
            h('p', { class: 'label' }, 'Expected output'),
            h('p', { class: 'expected' }, testCase.expectedOutput ?? '(none)'),
            testCase.context && h('pre', {}, JSON.stringify(testCase.context, null, 2)),
          ),
      ),
      h(
        'aside',
        { class: 'panel' },
        h('h1', { id: 'metric-name' }, context.metric.name),
        context.metric.description && h('p', {}, context.metric.description),
        h('h2', {}, 'Guideline'),
        h('p', { class: 'guideline' }, context.metric.guideline ?? 'This metric has no written guideline.'),
        context.evaluation.status === 'SUCCESS' &&
          h(
            'p',
            { class: 'meta' },
            `Scored automatically: ${context.evaluation.score?.toFixed(2)}. Your score is kept beside it.`,
          ),
        claimPanel(state, actions, context.evaluation),
        scorePanel(state, actions),
      ),
    ),
  );
}
