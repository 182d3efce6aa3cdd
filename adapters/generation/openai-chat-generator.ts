import type { GenerationAnswer, GenerationBrief, GenerationModel } from '../../application/ports/generation-model.ts';
import { chatCompletion } from '../judge/chat-completion.ts';
import { ANSWER_CHARS_LIMIT, generationMessages, parseGenerationAnswer } from './generation-prompt.ts';

export interface GenerationModelSettings {
  readonly baseUrl?: string;
  readonly model?: string;
  readonly apiKey?: string;
  readonly timeoutMs: number;
}

/** The generation model through any OpenAI-compatible chat-completions endpoint, asked for a JSON object. */
export class OpenAiChatGenerator implements GenerationModel {
  readonly configured = true;

  constructor(
    private readonly options: Required<Pick<GenerationModelSettings, 'baseUrl' | 'model'>> & GenerationModelSettings,
  ) {}

  async ask(brief: GenerationBrief): Promise<GenerationAnswer> {
    const answer = await chatCompletion(
      { ...this.options, who: 'generation model', maxAnswerBytes: ANSWER_CHARS_LIMIT },
      {
        model: this.options.model,
        temperature: 0.8,
        response_format: { type: 'json_object' },
        messages: generationMessages(brief),
      },
    );
    if ('error' in answer) return { kind: 'unreachable', error: answer.error };
    const parsed = parseGenerationAnswer(answer.content);
    return 'error' in parsed ? { kind: 'malformed', error: parsed.error } : { kind: 'items', items: parsed.items };
  }
}

/** No generation model configured: every call is unreachable, saying which settings to give. */
export class UnconfiguredGenerator implements GenerationModel {
  readonly configured = false;

  async ask(): Promise<GenerationAnswer> {
    return {
      kind: 'unreachable',
      error: 'No generation model is configured: set GENERATOR_BASE_URL and GENERATOR_MODEL (or JUDGE_*)',
    };
  }
}

/** The generation model from the settings. */
export function createGenerationModel(settings: GenerationModelSettings): GenerationModel {
  if (!settings.baseUrl || !settings.model) return new UnconfiguredGenerator();
  return new OpenAiChatGenerator({ ...settings, baseUrl: settings.baseUrl, model: settings.model });
}
