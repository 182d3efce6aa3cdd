import type { Judges } from '../../application/ports/judge.ts';
import { DeterministicJudge } from './deterministic-judge.ts';
import { OpenAiChatJudge } from './openai-chat-judge.ts';
import { UnconfiguredJudge } from './unconfigured-judge.ts';

export interface JudgeSettings {
  readonly baseUrl?: string;
  readonly model?: string;
  readonly apiKey?: string;
  readonly timeoutMs: number;
}

/** The judge of each metric source: deterministic in process; the LLM judge when a model is configured. */
export function createJudges(settings: JudgeSettings): Judges {
  const { baseUrl, model } = settings;
  return {
    DETERMINISTIC: new DeterministicJudge(),
    LLM_JUDGE:
      baseUrl && model
        ? new OpenAiChatJudge({ baseUrl, model, apiKey: settings.apiKey, timeoutMs: settings.timeoutMs })
        : new UnconfiguredJudge(),
  };
}
