/** A JSON Schema as the OpenAPI document writes it (the parts an example needs). */
export interface JsonSchema {
  readonly $ref?: string;
  readonly description?: string;
  readonly type?: string | readonly string[];
  readonly format?: string;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly default?: unknown;
  readonly examples?: readonly unknown[];
  readonly minimum?: number;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly items?: JsonSchema;
  readonly additionalProperties?: boolean | JsonSchema;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
}

const BY_FORMAT: Readonly<Record<string, string>> = {
  'date-time': '2026-01-31T09:30:00.000Z',
  email: 'ada@example.com',
  uri: 'https://example.com/agent',
  uuid: '6f1c2a9e-3b7d-4e5f-8a1b-2c3d4e5f6a7b',
};

/**
 * A plausible example value of a schema, for the reference page: the schema's own example or default when it has
 * one, else a value built from its type. References are followed once per branch, so recursive schemas end.
 */
export function exampleOf(
  schema: JsonSchema | undefined,
  components: Readonly<Record<string, JsonSchema>>,
  seen: ReadonlySet<string> = new Set(),
): unknown {
  if (!schema) return null;
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return {};
    const name = schema.$ref.split('/').at(-1) ?? '';
    return exampleOf(components[name], components, new Set([...seen, schema.$ref]));
  }
  if (schema.examples?.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const useful = alternatives.find((alternative) => alternative.type !== 'null') ?? alternatives[0];
    return exampleOf(useful, components, seen);
  }
  if (schema.allOf) {
    return Object.assign({}, ...schema.allOf.map((part) => exampleOf(part, components, seen)));
  }
  const type = typeof schema.type === 'string' ? schema.type : schema.type?.find((item) => item !== 'null');
  switch (type) {
    case 'object': {
      const entries = Object.entries(schema.properties ?? {});
      return Object.fromEntries(entries.map(([name, property]) => [name, exampleOf(property, components, seen)]));
    }
    case 'array':
      return [exampleOf(schema.items, components, seen)];
    case 'string':
      return BY_FORMAT[schema.format ?? ''] ?? 'string';
    case 'integer':
      return Math.max(schema.minimum ?? 1, 1);
    case 'number':
      return schema.minimum !== undefined && schema.minimum >= 0 ? 0.5 : 1.5;
    case 'boolean':
      return true;
    default:
      return schema.properties ? exampleOf({ ...schema, type: 'object' }, components, seen) : null;
  }
}
