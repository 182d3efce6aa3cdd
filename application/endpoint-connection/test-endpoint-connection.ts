import { turnInput } from '../../domain/endpoint-connection/product-turn.ts';
import { InvalidInput } from '../../domain/errors.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { callProduct, type ShownRequest } from './call-product.ts';

/** The most of the product's answer a test shows. */
export const SHOWN_ANSWER_BYTES = 64 * 1024;

/** What one test call reports; a failed call is reported here, never raised. */
export interface ConnectionTestReport {
  /** The product's HTTP status; null when no answer came. */
  readonly status: number | null;
  readonly latencyMs: number;
  readonly request: ShownRequest;
  readonly responseBody: string;
  /** The mapped answer; null when the call failed. */
  readonly mapped: {
    readonly output: string | null;
    readonly retrievalContext: string[] | null;
    readonly sessionId: string | null;
    readonly inputTokens: number | null;
    readonly outputTokens: number | null;
  } | null;
  readonly error: string | null;
}

/** POST /endpointConnections/{id}/test: one call as turn 1 of a new conversation, reported whatever happens. */
export class TestEndpointConnection {
  constructor(
    private readonly ports: Pick<Ports, 'endpointConnections' | 'endpointCaller' | 'endpointFormat' | 'secretBox'>,
  ) {}

  async execute(actor: Actor, id: string, body: { input: unknown }): Promise<ConnectionTestReport> {
    const connection = await this.ports.endpointConnections.require(actor.organizationId, id);
    const input = turnInput(body.input);
    if (!input) throw InvalidInput.of('input', 'must be {"user_message": string} or a string');
    const turn = await callProduct(this.ports, connection, {
      input,
      testCase: null,
      session: null,
      productSessionId: null,
      turn: 1,
      history: [],
    });
    const { error, ...mapped } = turn.mapped;
    const shown = new TextEncoder().encode(turn.answer.body).subarray(0, SHOWN_ANSWER_BYTES);
    return {
      status: turn.answer.status,
      latencyMs: turn.answer.latencyMs,
      request: turn.request,
      responseBody: new TextDecoder().decode(shown),
      mapped: error === null ? mapped : null,
      error,
    };
  }
}
