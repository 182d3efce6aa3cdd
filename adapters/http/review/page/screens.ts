import type { Evaluation } from '../../../../domain/evaluation/evaluation.ts';
import type { ReviewTurn } from '../../../../domain/review/review-context.ts';
import { h, when } from './dom.ts';
import type { Actions, State } from './main.ts';

function banners(state: State): HTMLElement {
  return h(
    'div',
    { class: 'banners' },
    state.error && h('p', { class: 'banner error', role: 'alert' }, state.error),
    state.notice && !state.error && h('p', { class: 'banner notice', role: 'status' }, state.notice),
  );
}

function header(state: State, actions: Actions, ...left: HTMLElement[]): HTMLElement {
  return h(
    'header',
    { class: 'bar' },
    h('div', { class: 'bar-left' }, h('strong', { class: 'brand' }, 'Assay review'), ...left),
    h(
      'div',
      { class: 'bar-right' },
      state.me && h('span', { class: 'who' }, `${state.me.name} · ${state.me.role}`),
      h('button', { type: 'button', class: 'quiet', onclick: () => actions.signOut() }, 'Forget key'),
    ),
  );
}

/** Paste an API key; it stays in this tab's session storage. */
export function keyScreen(state: State, actions: Actions): HTMLElement {
  const input = h('input', {
    id: 'api-key',
    type: 'password',
    autocomplete: 'off',
    spellcheck: 'false',
    placeholder: 'assay_…',
    required: true,
  });
  return h(
    'main',
    { class: 'sign-in' },
    h('h1', {}, 'Assay review'),
    h(
      'p',
      {},
      'Paste your API key to see the evaluations waiting for your review. The key stays in this browser tab ',
      '(session storage) and is sent only to this server.',
    ),
    h(
      'form',
      {
        onsubmit: (event: Event) => {
          event.preventDefault();
          void actions.signIn(input.value);
        },
      },
      h('label', { for: 'api-key' }, 'API key'),
      input,
      h('button', { type: 'submit', disabled: state.busy }, state.busy ? 'Checking…' : 'Continue'),
    ),
    banners(state),
  );
}

const claimedByMe = (state: State, evaluation: Evaluation) => evaluation.humanEvaluatorId === state.me?.id;

/** The queue: what the reviewer may score, oldest first, with counts. */
export function queueScreen(state: State, actions: Actions): HTMLElement {
  const mine = state.queue.filter((evaluation) => claimedByMe(state, evaluation)).length;
  const rows = state.queue.map((evaluation, index) =>
    h(
      'li',
      {},
      h(
        'button',
        {
          type: 'button',
          class: `queue-item${index === state.selected ? ' selected' : ''}`,
          'aria-current': index === state.selected ? 'true' : undefined,
          'data-evaluation': evaluation.id,
          onclick: () => actions.open(evaluation.id),
        },
        h('span', { class: 'metric' }, state.metricNames.get(evaluation.metricId) ?? evaluation.metricId),
        h('span', { class: 'session' }, state.sessionNames.get(evaluation.sessionId) ?? evaluation.sessionId),
        h('span', { class: 'meta' }, `waiting since ${when(evaluation.createdAt)}`),
        claimedByMe(state, evaluation) && h('span', { class: 'badge' }, 'Claimed by you'),
      ),
    ),
  );
  return h(
    'div',
    { class: 'page' },
    header(state, actions),
    h(
      'main',
      { class: 'queue' },
      h(
        'div',
        { class: 'queue-head' },
        h('h1', {}, 'Review queue'),
        h(
          'p',
          { class: 'counts', id: 'counts' },
          `${state.queue.length} waiting`,
          mine > 0 ? ` · ${mine} claimed by you` : '',
        ),
        h(
          'div',
          { class: 'actions' },
          h(
            'button',
            {
              type: 'button',
              class: 'primary',
              disabled: state.queue.length === 0 || state.busy,
              onclick: () => actions.openNext(),
            },
            'Review next',
          ),
          h('button', { type: 'button', disabled: state.busy, onclick: () => actions.refresh() }, 'Refresh'),
        ),
      ),
      banners(state),
      state.queue.length === 0
        ? h('p', { class: 'empty' }, 'Nothing is waiting for your review.')
        : h('ol', { class: 'queue-list' }, rows),
      h('p', { class: 'keys' }, 'Keys: J/K move · Enter opens · R refreshes'),
    ),
  );
}

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
