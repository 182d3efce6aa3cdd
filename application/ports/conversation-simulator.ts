/** One earlier turn of a simulated conversation, from the simulated user's side of view. */
export interface SimulatedTurn {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

/** Who the simulated user is and what it wants, from the test case, with the conversation so far. */
export interface SimulatorBrief {
  readonly userPersona: string | null;
  readonly goal: string | null;
  readonly scenario: string | null;
  /** BCP-47 tag of the language to write in; null: the language of the scenario. */
  readonly languageCode: string | null;
  readonly history: readonly SimulatedTurn[];
}

/** The simulated user's next message and whether its stopping criterion is met, or why none came. */
export type SimulatorReply =
  | { readonly kind: 'message'; readonly message: string; readonly stop: boolean; readonly reason: string | null }
  | { readonly kind: 'failed'; readonly error: string };

/** Plays the user of a SCENARIOS test case, one turn at a time. Never throws: a failure is a `failed` reply. */
export interface ConversationSimulator {
  /** False when no model is configured: scenario conversations then fail with a clear error. */
  readonly configured: boolean;
  /** Recorded on the evaluations of simulated sessions, e.g. `openai-chat:gpt-4o-mini`. */
  readonly version: string;
  next(brief: SimulatorBrief): Promise<SimulatorReply>;
}
