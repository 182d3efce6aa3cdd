import type { AuthSecret } from '../../../domain/endpoint-connection/auth.ts';
import type { ConnectionContext } from '../../../domain/endpoint-connection/endpoint-connection.ts';
import type { EndpointSyntax } from '../../../domain/endpoint-connection/request-shape.ts';

/**
 * The syntax checks the domain asks for, small enough to read at a glance (the real ones are the adapter's, tested
 * with it): a template is broken when its `{{` and `}}` do not pair, its variables are the names opening its outputs;
 * a JSONPath must start with `$` and hold no space, and may hold `..` once.
 */
export const toySyntax: EndpointSyntax = {
  templateProblem: (template) =>
    template.split('{{').length === template.split('}}').length ? null : 'unbalanced {{ }}',
  templateVariables: (template) => [...template.matchAll(/\{\{\s*([A-Za-z_]\w*)/g)].map((match) => match[1]),
  pathProblem: (path) => (/^\$\S*$/.test(path) ? null : 'must start with $ and hold no space'),
  pathRuleBroken: (path) => (path.split('..').length > 2 ? 'may hold at most one ..' : null),
};

/** A seal whose output shows what was sealed, so a test can read it back. */
export const toySeal = (secret: AuthSecret): string => `sealed:${JSON.stringify(secret)}`;

/** A header seal that shows the value it sealed. */
export const toySealHeader = (_name: string, value: string): string => `sealed:${value}`;

export const toyContext: ConnectionContext = { syntax: toySyntax, seal: toySeal, sealHeader: toySealHeader };
