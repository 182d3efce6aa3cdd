import type { Judge, JudgedMetric } from '../../application/ports/judge.ts';
import type { Verdict } from '../../domain/evaluation/evaluation.ts';
import type { MetricInputs } from '../../domain/evaluation/metric-inputs.ts';
import { judgeMessages, parseJudgement } from './judge-prompt.ts';
import { describeProviderError } from './provider-error.ts';

export interface OpenAiJudgeOptions {
  /** Base URL of an OpenAI-compatible API, e.g. `https://api.openai.com/v1`; `/chat/completions` is appended. */
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKey?: string;
  readonly timeoutMs: number;
}

const failed = (error: string): Verdict => ({ kind: 'failed', error, canRetry: true });
const timedOut = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/** LLM_JUDGE metrics through any OpenAI-compatible chat-completions endpoint. */
export class OpenAiChatJudge implements Judge {
  readonly configured = true;

  constructor(private readonly options: OpenAiJudgeOptions) {}

  async judge(metric: JudgedMetric, inputs: MetricInputs): Promise<Verdict> {
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
          model: metric.judgeModel ?? this.options.model,
          temperature: 0,
          messages: judgeMessages(metric, inputs),
        }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      return failed(
        timedOut(error) ? this.timeoutMessage() : `The judge model could not be reached: ${(error as Error).message}`,
      );
    }
    let body: unknown;
    try {
      const text = await response.text();
      if (!response.ok) return failed(describeProviderError(response.status, text, this.options.apiKey));
      body = JSON.parse(text);
    } catch (error) {
      return failed(timedOut(error) ? this.timeoutMessage() : 'The judge model answered with a body that is not JSON');
    }
    const content = (body as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content;
    const judgement = typeof content === 'string' ? parseJudgement(content) : null;
    if (!judgement) return failed('The judge model answered without a score between 0 and 1');
    return { kind: 'scored', score: judgement.score, reason: judgement.reason };
  }

  private timeoutMessage(): string {
    return `The judge model did not answer within ${this.options.timeoutMs} ms`;
  }
}
