import type { EndpointConnection } from '../../domain/endpoint-connection/endpoint-connection.ts';
import {
  authHeaders,
  type MappedAnswer,
  mapAnswer,
  maskedHeaders,
  type TurnVariables,
  urlWithQuery,
} from '../../domain/endpoint-connection/product-turn.ts';
import type { ConnectionSlot, EndpointAnswer } from '../ports/endpoint-caller.ts';
import type { Ports } from '../ports/ports.ts';
import { openHeaders, openSecret } from './seal-secret.ts';

/** The request as it may be shown: its secret and custom header values masked. */
export interface ShownRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string | null;
}

/** One turn sent to the product and read back. */
export interface ProductTurn {
  readonly request: ShownRequest;
  readonly answer: EndpointAnswer;
  readonly mapped: MappedAnswer;
}

type Needs = Pick<Ports, 'endpointCaller' | 'endpointFormat' | 'secretBox'>;

/**
 * Renders the connection's template for this turn, calls the endpoint (retries, limits and the address guard are the
 * port's) and maps the answer. A template that fails to render is a failed turn, never a thrown error.
 */
export async function callProduct(
  ports: Needs,
  connection: EndpointConnection,
  variables: TurnVariables,
  proceed?: () => Promise<boolean>,
  slot?: ConnectionSlot,
): Promise<ProductTurn> {
  const select = (document: unknown, path: string) => ports.endpointFormat.select(document, path);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    ...openHeaders(ports, connection.headers),
    ...authHeaders(connection, openSecret(ports, connection.sealedSecret)),
  };
  let body: string;
  try {
    body = ports.endpointFormat.render(connection.inputTemplate, { ...variables });
  } catch (error) {
    const message = `the input template could not be rendered: ${(error as Error).message}`;
    const answer: EndpointAnswer = { status: null, latencyMs: 0, body: '', error: message, attempts: 0 };
    const request = {
      method: connection.httpMethod,
      url: connection.url,
      headers: maskedHeaders(headers, connection),
      body: null,
    };
    return { request, answer, mapped: mapAnswer(answer, connection.outputMapping, select) };
  }
  const isGet = connection.httpMethod === 'GET';
  const url = isGet ? urlWithQuery(connection.url, body) : connection.url;
  const { 'content-type': _, ...bodiless } = headers;
  const sent = isGet ? bodiless : headers;
  const answer = await ports.endpointCaller.call({
    connectionId: connection.id,
    url,
    method: connection.httpMethod,
    headers: sent,
    body: isGet ? null : body,
    timeoutMs: connection.timeoutMs,
    retries: connection.retries,
    maxConcurrency: connection.maxConcurrency,
    rateLimitPerMinute: connection.rateLimitPerMinute,
    proceed,
    slot,
  });
  return {
    request: {
      method: connection.httpMethod,
      url,
      headers: maskedHeaders(sent, connection),
      body: isGet ? null : body,
    },
    answer,
    mapped: mapAnswer(answer, connection.outputMapping, select),
  };
}
