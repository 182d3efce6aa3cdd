/** Deployment choices about evaluations that use cases apply. */
export interface EvaluationSettings {
  /** Credits one LLM-judge evaluation costs. */
  readonly llmJudgeCredits: number;
}
