import { chatCompletion } from './chat-completion.ts';
import type { Judge, JudgedMetric } from '../../application/ports/judge.ts';
import type { Verdict } from '../../domain/evaluation/evaluation.ts';
import type { MetricInputs } from '../../domain/evaluation/metric-inputs.ts';
import { judgeMessages, parseJudgement } from './judge-prompt.ts';

export interface OpenAiJudgeOptions {
  /** Base URL of an OpenAI-compatible API, e.g. `https://api.openai.com/v1`; `/chat/completions` is appended. */
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKey?: string;
  readonly timeoutMs: number;
}

const failed = (error: string): Verdict => ({ kind: 'failed', error, canRetry: true });

/** LLM_JUDGE metrics through any OpenAI-compatible chat-completions endpoint. */
export class OpenAiChatJudge implements Judge {
  readonly configured = true;

  constructor(private readonly options: OpenAiJudgeOptions) {}

  async judge(metric: JudgedMetric, inputs: MetricInputs): Promise<Verdict> {
    const answer = await chatCompletion(
      { ...this.options, who: 'judge model' },
      { model: metric.judgeModel ?? this.options.model, temperature: 0, messages: judgeMessages(metric, inputs) },
    );
    if ('error' in answer) return failed(answer.error);
    const judgement = typeof answer.content === 'string' ? parseJudgement(answer.content) : null;
    if (!judgement) return failed('The judge model answered without a score between 0 and 1');
    return { kind: 'scored', score: judgement.score, reason: judgement.reason };
  }
}
