import type { SimulatorBrief, SimulatorReply } from '../../application/ports/conversation-simulator.ts';

/** The chat messages asking the model for the simulated user's next turn (roles swapped: the model is the user). */
export function simulatorMessages(brief: SimulatorBrief): { role: string; content: string }[] {
  const system = [
    'You play a user talking to an AI product, to test it. Stay in character; never say you are simulating.',
    brief.userPersona ? `Persona: ${brief.userPersona}` : null,
    brief.goal ? `Goal: ${brief.goal}` : null,
    brief.scenario ? `Scenario: ${brief.scenario}` : null,
    brief.languageCode ? `Write in the language with BCP-47 tag ${brief.languageCode}.` : null,
    'Answer only a JSON object {"message": string, "stop": boolean, "reason": string}: "message" is your next message',
    'to the product; set "stop" to true (with the "reason") once the goal is reached or cannot be reached.',
  ]
    .filter((line) => line !== null)
    .join('\n');
  const turns = brief.history.map((turn) => ({
    role: turn.role === 'user' ? 'assistant' : 'user',
    content: turn.content,
  }));
  if (turns.length === 0) turns.push({ role: 'user', content: '(The conversation starts: write your first message.)' });
  return [{ role: 'system', content: system }, ...turns];
}

/** Reads the model's answer: the JSON object asked for, or plain text taken as the message with `stop: false`. */
export function parseSimulatorAnswer(content: string): SimulatorReply {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    parsed = undefined;
  }
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const { message, stop, reason } = parsed as Record<string, unknown>;
    if (typeof message === 'string' || stop === true)
      return {
        kind: 'message',
        message: typeof message === 'string' ? message : '',
        stop: stop === true,
        reason: typeof reason === 'string' ? reason : null,
      };
  }
  const text = content.trim();
  if (!text) return { kind: 'failed', error: 'The simulator model answered an empty message' };
  return { kind: 'message', message: text, stop: false, reason: null };
}
