import type { Evaluation } from '../../../../domain/evaluation/evaluation.ts';
import type { UserView } from '../../../../domain/identity/user.ts';
import type { ReviewContext } from '../../../../domain/review/review-context.ts';
import { ApiError, api, forgetKey, rememberKey, storedKey } from './api.ts';
import { reviewScreen } from './review-screen.ts';
import { keyScreen, queueScreen } from './queue-screens.ts';

/** Everything the page knows; every change goes through `render()`. */
export interface State {
  me: UserView | null;
  queue: Evaluation[];
  metricNames: Map<string, string>;
  /** What each session is called: its customId, else its id. */
  sessionNames: Map<string, string>;
  /** The queue row the keyboard points at. */
  selected: number;
  review: { context: ReviewContext; score: number | null; reason: string } | null;
  busy: boolean;
  error: string | null;
  notice: string | null;
}

const state: State = {
  me: null,
  queue: [],
  metricNames: new Map(),
  sessionNames: new Map(),
  selected: 0,
  review: null,
  busy: false,
  error: null,
  notice: null,
};

const root = document.getElementById('app') as HTMLElement;

/** What the screens may ask the page to do. */
export interface Actions {
  signIn(key: string): Promise<void>;
  signOut(): void;
  refresh(): Promise<void>;
  open(id: string): Promise<void>;
  openNext(): Promise<void>;
  step(offset: 1 | -1): Promise<void>;
  backToQueue(): Promise<void>;
  select(index: number): void;
  claim(): Promise<void>;
  release(): Promise<void>;
  /** `quiet` updates the state without drawing again (the slider being dragged draws its own value). */
  setScore(score: number, options?: { quiet?: boolean }): void;
  setReason(reason: string): void;
  submit(): Promise<void>;
}

function render(): void {
  const screen = !state.me
    ? keyScreen(state, actions)
    : state.review
      ? reviewScreen(state, actions)
      : queueScreen(state, actions);
  const focused = document.activeElement?.id;
  root.replaceChildren(screen);
  if (focused) document.getElementById(focused)?.focus();
}

/** Runs a call, showing its failure in words; a refused key sends the reviewer back to paste another. */
async function attempt(work: () => Promise<void>): Promise<void> {
  state.busy = true;
  state.error = null;
  render();
  try {
    await work();
  } catch (error) {
    state.error = error instanceof ApiError ? error.message : `Something went wrong: ${String(error)}`;
    if (error instanceof ApiError && error.status === 401) {
      forgetKey();
      state.me = null;
      state.review = null;
    }
  } finally {
    state.busy = false;
    render();
  }
}

async function loadQueue(): Promise<void> {
  const queue = await api.queue();
  const unknown = (ids: string[], known: Map<string, string>) => [...new Set(ids)].filter((id) => !known.has(id));
  const metricIds = unknown(
    queue.map((evaluation) => evaluation.metricId),
    state.metricNames,
  );
  const sessionIds = unknown(
    queue.map((evaluation) => evaluation.sessionId),
    state.sessionNames,
  );
  const [metrics, sessions] = await Promise.all([
    metricIds.length > 0 ? api.metrics(metricIds) : [],
    sessionIds.length > 0 ? api.sessions(sessionIds) : [],
  ]);
  for (const metric of metrics) state.metricNames.set(metric.id, metric.name);
  for (const session of sessions) state.sessionNames.set(session.id, session.customId ?? session.id);
  state.queue = queue;
  state.selected = Math.min(state.selected, Math.max(queue.length - 1, 0));
}

async function loadReview(id: string): Promise<void> {
  const context = await api.context(id);
  state.review = { context, score: null, reason: '' };
  const index = state.queue.findIndex((evaluation) => evaluation.id === id);
  if (index >= 0) state.selected = index;
  history.replaceState(null, '', `#${id}`);
}

const actions: Actions = {
  signIn: (key) =>
    attempt(async () => {
      const trimmed = key.trim();
      if (!trimmed) throw new ApiError(400, 'Paste an API key first.');
      state.me = await api.whoAmI(trimmed);
      rememberKey(trimmed);
      await loadQueue();
    }),
  signOut() {
    forgetKey();
    Object.assign(state, { me: null, queue: [], review: null, error: null, notice: null });
    history.replaceState(null, '', location.pathname);
    render();
  },
  refresh: () => attempt(loadQueue),
  open: (id) => attempt(() => loadReview(id)),
  openNext: () =>
    attempt(async () => {
      await loadQueue();
      const next = state.queue[state.selected] ?? state.queue[0];
      if (next) await loadReview(next.id);
      else state.notice = 'Nothing is waiting for you. Well done.';
    }),
  step: (offset) =>
    attempt(async () => {
      if (state.queue.length === 0) return;
      state.selected = (state.selected + offset + state.queue.length) % state.queue.length;
      if (state.review) await loadReview(state.queue[state.selected].id);
    }),
  backToQueue: () =>
    attempt(async () => {
      state.review = null;
      history.replaceState(null, '', location.pathname);
      await loadQueue();
    }),
  select(index) {
    state.selected = index;
    render();
  },
  claim: () =>
    attempt(async () => {
      if (!state.review) return;
      const evaluation = await api.claim(state.review.context.evaluation.id);
      state.review.context = { ...state.review.context, evaluation };
      state.notice = 'Claimed: the evaluation is yours until you submit or release it.';
    }),
  release: () =>
    attempt(async () => {
      if (!state.review) return;
      const evaluation = await api.release(state.review.context.evaluation.id);
      state.review.context = { ...state.review.context, evaluation };
      state.notice = 'Released: another reviewer may take it.';
    }),
  setScore(score, { quiet = false } = {}) {
    if (!state.review) return;
    state.review.score = Math.round(Math.min(1, Math.max(0, score)) * 100) / 100;
    if (!quiet) render();
  },
  setReason(reason) {
    if (state.review) state.review.reason = reason;
  },
  submit: () =>
    attempt(async () => {
      const review = state.review;
      if (!review) return;
      if (review.score === null) throw new ApiError(400, 'Choose a score first: a digit key or the slider.');
      const scored = await api.submit(review.context.evaluation.id, review.score, review.reason);
      state.notice = `Scored ${scored.score?.toFixed(2)}. ${state.queue.length > 1 ? 'Next one:' : ''}`.trim();
      await loadQueue();
      const next = state.queue[Math.min(state.selected, state.queue.length - 1)];
      if (next) await loadReview(next.id);
      else {
        state.review = null;
        history.replaceState(null, '', location.pathname);
        state.notice = `Scored ${scored.score?.toFixed(2)}. The queue is empty.`;
      }
    }),
};

/** Keys: in the queue J/K move and Enter opens; on an evaluation 0–9 and = score, Enter submits, J/K step. */
function onKey(event: KeyboardEvent): void {
  if (!state.me || event.altKey || event.metaKey || state.busy) return;
  const target = event.target;
  const typing =
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLInputElement && !['range', 'checkbox', 'button'].includes(target.type));
  if (typing && !(event.key === 'Enter' && event.ctrlKey) && event.key !== 'Escape') return;
  const key = event.key;
  if (!state.review) {
    if (key === 'j' || key === 'ArrowDown') actions.select(Math.min(state.selected + 1, state.queue.length - 1));
    else if (key === 'k' || key === 'ArrowUp') actions.select(Math.max(state.selected - 1, 0));
    else if (key === 'Enter' && state.queue[state.selected]) void actions.open(state.queue[state.selected].id);
    else if (key === 'r') void actions.refresh();
    else return;
  } else if (/^[0-9]$/.test(key) && !event.ctrlKey) actions.setScore(Number(key) / 10);
  else if (key === '=') actions.setScore(1);
  else if (key === 'Enter') void actions.submit();
  else if (key === 'j') void actions.step(1);
  else if (key === 'k') void actions.step(-1);
  else if (key === 'c') void actions.claim();
  else if (key === 'Escape') void actions.backToQueue();
  else return;
  event.preventDefault();
}

async function start(): Promise<void> {
  document.addEventListener('keydown', onKey);
  render();
  if (!storedKey()) return;
  await attempt(async () => {
    state.me = await api.whoAmI();
    await loadQueue();
    const wanted = location.hash.slice(1);
    if (wanted) await loadReview(wanted);
  });
  setInterval(() => {
    if (state.me && !state.review && !state.busy && document.visibilityState === 'visible') void actions.refresh();
  }, 15_000);
}

void start();
