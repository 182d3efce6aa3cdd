import type {
  ConversationSimulator,
  SimulatorBrief,
  SimulatorReply,
} from '../../application/ports/conversation-simulator.ts';
import { chatCompletion } from '../judge/chat-completion.ts';
import { parseSimulatorAnswer, simulatorMessages } from './simulator-prompt.ts';

export interface OpenAiSimulatorOptions {
  /** Base URL of an OpenAI-compatible API, e.g. `https://api.openai.com/v1`; `/chat/completions` is appended. */
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKey?: string;
  readonly timeoutMs: number;
}

const failed = (error: string): SimulatorReply => ({ kind: 'failed', error });

/** The simulated user through any OpenAI-compatible chat-completions endpoint, asked for a JSON object. */
export class OpenAiChatSimulator implements ConversationSimulator {
  readonly configured = true;
  readonly version: string;

  constructor(private readonly options: OpenAiSimulatorOptions) {
    this.version = `openai-chat:${options.model}`;
  }

  async next(brief: SimulatorBrief): Promise<SimulatorReply> {
    const answer = await chatCompletion(
      { ...this.options, who: 'simulator model' },
      {
        model: this.options.model,
        temperature: 0.7,
        response_format: { type: 'json_object' },
        messages: simulatorMessages(brief),
      },
    );
    if ('error' in answer) return failed(answer.error);
    if (typeof answer.content !== 'string') return failed('The simulator model answered without a message');
    return parseSimulatorAnswer(answer.content);
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
