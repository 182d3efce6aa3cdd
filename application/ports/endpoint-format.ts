import type { EndpointSyntax } from '../../domain/endpoint-connection/request-shape.ts';

/**
 * Renders request bodies from a connection's template and reads answers with its JSONPath mapping, with the same
 * engine that checks them at save time. Rendering runs no code of the template's author beyond the template language.
 */
export interface EndpointFormat extends EndpointSyntax {
  /** The template rendered with these variables; throws with the engine's message when rendering fails. */
  render(template: string, variables: Readonly<Record<string, unknown>>): string;
  /** Every value the JSONPath expression selects in the document, in document order. */
  select(document: unknown, path: string): unknown[];
}
