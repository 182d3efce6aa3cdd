import type { JudgedMetric } from '../../application/ports/judge.ts';
import type { MetricInputs } from '../../domain/evaluation/metric-inputs.ts';

export interface ChatMessage {
  readonly role: 'system' | 'user';
  readonly content: string;
}

const SYSTEM = [
  "You are an evaluator. Score the AI product's conversation against the rubric.",
  'Answer with one JSON object and nothing else: {"score": <number from 0 to 1>, "reason": "<one or two sentences>"}.',
].join(' ');

/** The rubric, the turns and the inputs the metric asks for, as chat messages. */
export function judgeMessages(metric: JudgedMetric, inputs: MetricInputs): ChatMessage[] {
  const wants = new Set(metric.evaluationParams);
  const sections: string[] = [`# Metric: ${metric.name}`];
  if (metric.description) sections.push(metric.description);
  sections.push(`# Rubric\n${metric.judgePrompt ?? 'Judge whether the output is correct and helpful.'}`);
  const turns =
    inputs.turns.length > 0 ? inputs.turns : [{ input: inputs.input ?? '', output: inputs.actualOutput ?? '' }];
  sections.push(
    `# Conversation\n${turns.map((turn, index) => `## Turn ${index + 1}\nUser: ${turn.input}\nAssistant: ${turn.output}`).join('\n')}`,
  );
  if (wants.has('expectedOutput') && inputs.expectedOutput)
    sections.push(`# Expected output\n${inputs.expectedOutput}`);
  if (wants.has('context') && inputs.context) sections.push(`# Context\n${inputs.context}`);
  if (wants.has('retrievalContext') && inputs.retrievalContext?.length)
    sections.push(`# Retrieval context\n${inputs.retrievalContext.map((item) => `- ${item}`).join('\n')}`);
  if (wants.has('expectedTools') && inputs.expectedTools)
    sections.push(`# Expected tools\n${inputs.expectedTools.join(', ') || '(none)'}`);
  if (wants.has('toolsUsed') && inputs.toolsUsed)
    sections.push(`# Tools used\n${inputs.toolsUsed.join(', ') || '(none)'}`);
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: sections.join('\n\n') },
  ];
}

/** Reads `{score, reason}` from the model's answer (bare or fenced JSON, or JSON inside text); null if absent. */
export function parseJudgement(content: string): { score: number; reason: string | null } | null {
  const candidates = [
    content.trim(),
    content.replace(/^[\s\S]*?```(?:json)?\s*|\s*```[\s\S]*$/g, ''),
    content.match(/\{[\s\S]*\}/)?.[0] ?? '',
  ];
  for (const candidate of candidates) {
    try {
      const value = JSON.parse(candidate) as { score?: unknown; reason?: unknown };
      const score = typeof value.score === 'string' ? Number(value.score) : value.score;
      if (typeof score === 'number' && Number.isFinite(score) && score >= 0 && score <= 1) {
        return { score, reason: typeof value.reason === 'string' ? value.reason : null };
      }
    } catch {
      // try the next reading
    }
  }
  return null;
}
