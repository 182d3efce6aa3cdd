import type { Evaluation } from '../../../../domain/evaluation/evaluation.ts';
import { h, when } from './dom.ts';
import type { Actions, State } from './main.ts';

export function banners(state: State): HTMLElement {
  return h(
    'div',
    { class: 'banners' },
    state.error && h('p', { class: 'banner error', role: 'alert' }, state.error),
    state.notice && !state.error && h('p', { class: 'banner notice', role: 'status' }, state.notice),
  );
}

export function header(state: State, actions: Actions, ...left: HTMLElement[]): HTMLElement {
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

export const claimedByMe = (state: State, evaluation: Evaluation) => evaluation.humanEvaluatorId === state.me?.id;

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
