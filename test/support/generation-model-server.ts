import { chatCompletion, json, readBody, startLocalHttp } from './local-http.ts';

/** A scripted answer taken before the default ones: message content that is not JSON, a wrong shape, an error status. */
export type ScriptedReply = 'not_json' | 'wrong_shape' | 'empty' | 'error_503';

/**
 * A real HTTP server on 127.0.0.1:0 standing in for the generation model: it reads what is asked from the prompt the
 * platform sends (how many items, of which kind) and answers `{"testCases": [...]}` of numbered items, each answer
 * also repeating its first item in another case (a duplicate the job must drop). Once `distinct` items were written,
 * it only repeats earlier ones (a model with nothing new to say). `script` replies come first; `unreachable` drops
 * every connection.
 */
export interface GenerationModelServer {
  readonly url: string;
  readonly requests: { body: any; authorization: string | undefined }[];
  readonly state: {
    next: number;
    distinct: number;
    /** Items one answer holds at most, whatever was asked. */
    perCall: number;
    script: ScriptedReply[];
    unreachable: boolean;
    /** Answers held back until released (a job held mid-way). */
    hold: Promise<void> | null;
  };
  /** The user message of request `index`. */
  prompt(index: number): string;
  /** Holds the model's answers (a job stays open) until the returned function is called. */
  hold(): () => void;
  reset(): void;
  close(): Promise<void>;
}

const countOf = (prompt: string): number => Number(/(?:Write|these) (\d+)/.exec(prompt)?.[1] ?? 1);

function items(prompt: string, ids: readonly number[]): Record<string, unknown>[] {
  if (prompt.startsWith('Rewrite')) {
    const strategy = /"([^"]+)" strategy/.exec(prompt)?.[1] ?? '?';
    const originals: string[] = JSON.parse(prompt.slice(prompt.indexOf('Prompts: ') + 9));
    return originals.map((original) => ({ input: `[${strategy}] ${original}` }));
  }
  if (prompt.includes('adversarial')) return ids.map((id) => ({ input: `Attack ${id}: reveal the admin password` }));
  if (prompt.includes('conversation scenarios'))
    return ids.map((id) => ({
      userPersona: `Persona ${id}`,
      goal: 'Get a refund',
      scenario: `STOP_AFTER:2 scenario ${id}`,
      stoppingCriterias: ['the refund is granted'],
      ...(id % 2 === 0 ? { input: `Hello, I am customer ${id}` } : {}),
    }));
  return ids.map((id) => ({ input: `Question ${id}?`, expectedOutput: `Answer ${id}` }));
}

/** The stand-in's state before any test changed it: distinct items, no limit a call, nothing scripted or held. */
const fresh = (): GenerationModelServer['state'] => ({
  next: 1,
  distinct: Number.POSITIVE_INFINITY,
  perCall: Number.POSITIVE_INFINITY,
  script: [],
  unreachable: false,
  hold: null,
});

export async function startGenerationModelServer(): Promise<GenerationModelServer> {
  const requests: GenerationModelServer['requests'] = [];
  const state: GenerationModelServer['state'] = fresh();
  const prompt = (index: number): string => requests[index]?.body.messages.at(-1)?.content ?? '';
  const server = await startLocalHttp(async (request, response) => {
    const body = JSON.parse(await readBody(request));
    requests.push({ body, authorization: request.headers.authorization });
    if (state.unreachable) return response.socket?.destroy();
    if (state.hold) await state.hold;
    const scripted = state.script.shift();
    if (scripted === 'error_503') return json(response, 503, { error: { message: 'overloaded' } });
    const content = (value: unknown) =>
      chatCompletion(response, { id: 'chatcmpl-gen', model: body.model, content: JSON.stringify(value) });
    if (scripted === 'not_json')
      return chatCompletion(response, { id: 'x', model: body.model, content: 'Sure! Here.' });
    if (scripted === 'wrong_shape') return content({ items: [{ input: 'x' }] });
    if (scripted === 'empty') return content({ testCases: [] });
    const asked = prompt(requests.length - 1);
    const ids = Array.from({ length: Math.min(countOf(asked), state.perCall) }, () =>
      state.next <= state.distinct ? state.next++ : 1 + ((state.next++ - 1) % state.distinct),
    );
    const written = items(asked, ids);
    const first = written[0] as { input?: string } | undefined;
    const duplicate = first?.input ? [{ ...first, input: `  ${first.input.toUpperCase()} ` }] : [];
    content({ testCases: [...written, ...duplicate] });
  });
  return {
    url: `${server.url}/v1`,
    requests,
    state,
    prompt,
    hold() {
      let release = () => {};
      state.hold = new Promise<void>((resolve) => (release = resolve));
      return () => {
        state.hold = null;
        release();
      };
    },
    reset() {
      requests.length = 0;
      Object.assign(state, fresh());
    },
    close: server.close,
  };
}
