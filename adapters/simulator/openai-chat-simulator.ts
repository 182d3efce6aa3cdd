import type {
  ConversationSimulator,
  SimulatorBrief,
  SimulatorReply,
} from '../../application/ports/conversation-simulator.ts';
import { describeProviderError } from '../judge/provider-error.ts';
import { parseSimulatorAnswer, simulatorMessages } from './simulator-prompt.ts';

export interface OpenAiSimulatorOptions {
  /** Base URL of an OpenAI-compatible API, e.g. `https://api.openai.com/v1`; `/chat/completions` is appended. */
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKey?: string;
  readonly timeoutMs: number;
}

const failed = (error: string): SimulatorReply => ({ kind: 'failed', error });
const timedOut = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/** The simulated user through any OpenAI-compatible chat-completions endpoint, asked for a JSON object. */
export class OpenAiChatSimulator implements ConversationSimulator {
  readonly configured = true;
  readonly version: string;

  constructor(private readonly options: OpenAiSimulatorOptions) {
    this.version = `openai-chat:${options.model}`;
  }

  async next(brief: SimulatorBrief): Promise<SimulatorReply> {
    const url = `${this.options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: this.options.model,
          temperature: 0.7,
          response_format: { type: 'json_object' },
          messages: simulatorMessages(brief),
        }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      return failed(
        timedOut(error)
          ? this.timeoutMessage()
          : `The simulator model could not be reached: ${(error as Error).message}`,
      );
    }
    let body: unknown;
    try {
      const text = await response.text();
      if (!response.ok)
        return failed(describeProviderError(response.status, text, this.options.apiKey, 'simulator model'));
      body = JSON.parse(text);
    } catch (error) {
      return failed(
        timedOut(error) ? this.timeoutMessage() : 'The simulator model answered with a body that is not JSON',
      );
    }
    const content = (body as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content;
    if (typeof content !== 'string') return failed('The simulator model answered without a message');
    return parseSimulatorAnswer(content);
  }

  private timeoutMessage(): string {
    return `The simulator model did not answer within ${this.options.timeoutMs} ms`;
  }
}

/** No simulator model configured (neither SIMULATOR_* nor JUDGE_* settings): every turn fails saying so. */
export class UnconfiguredSimulator implements ConversationSimulator {
  readonly configured = false;
  readonly version = 'unconfigured';

  async next(): Promise<SimulatorReply> {
    return failed('No simulator model is configured: set SIMULATOR_BASE_URL and SIMULATOR_MODEL (or JUDGE_*)');
  }
}

/** The simulator from the settings, falling back to the judge's. */
export function createSimulator(settings: {
  baseUrl?: string;
  model?: string;
  apiKey?: string;
  timeoutMs: number;
}): ConversationSimulator {
  if (!settings.baseUrl || !settings.model) return new UnconfiguredSimulator();
  return new OpenAiChatSimulator({ ...settings, baseUrl: settings.baseUrl, model: settings.model });
}
