import fc from 'fast-check';

/** A JSON Schema as the OpenAPI document writes it. */
export type Schema = Record<string, any>;

/** Text that has broken servers before: empty, NUL, lone surrogates, escapes, numbers in odd notations, long. */
export const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '𝟘😀',
  '%',
  '%00',
  '%zz',
  '../..',
  "' OR 1=1 --",
  '"; DROP TABLE products; --',
  '0x10',
  '1e3',
  ' 5',
  '-1',
  '-0',
  'NaN',
  'Infinity',
  '9'.repeat(30),
  '<script>alert(1)</script>',
  '\n\r\t',
  'null',
  '[]',
  '{}',
  ',,',
  'createdAt,asc',
  'id,desc',
  'name,sideways',
  'true',
  'false',
  '2026-02-30T25:61:00Z',
  '2026-11-23T00:00:00.000Z',
  'x'.repeat(5000),
] as const;

const oddString = fc.constantFrom(...ODD_STRINGS);

/** A value of any JSON type, often odd: what a careless or hostile client sends where the schema wants another. */
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  oddString,
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, [], {}),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    { 'k\u0000': 1 },
    { a: { b: { c: { d: [[[[[]]]]] } } } },
    JSON.parse(`${'['.repeat(80)}${']'.repeat(80)}`),
  ),
);

/** Generates values for JSON Schemas, resolving `#/components/schemas/…` against the document. */
export class SchemaArbitraries {
  private readonly cache = new Map<string, fc.Arbitrary<unknown>>();

  constructor(private readonly components: Record<string, Schema>) {}

  /** Mostly valid values with malformed ones mixed in at every level (`oddWeight` out of 10). */
  value(schema: Schema, oddWeight = 1, depth = 0): fc.Arbitrary<unknown> {
    const valid = this.valid(schema, oddWeight, depth);
    return oddWeight === 0
      ? valid
      : fc.oneof({ weight: 10 - oddWeight, arbitrary: valid }, { weight: oddWeight, arbitrary: oddValue });
  }

  private resolve(schema: Schema): Schema {
    let current = schema;
    for (let hops = 0; typeof current?.$ref === 'string' && hops < 10; hops++) {
      current = { ...this.components[current.$ref.replace('#/components/schemas/', '')], ...current, $ref: undefined };
    }
    return current ?? {};
  }

  private valid(raw: Schema, oddWeight: number, depth: number): fc.Arbitrary<unknown> {
    const schema = this.resolve(raw);
    if (depth > 5) return fc.constant(null);
    const next = (child: Schema) => this.value(child ?? {}, oddWeight, depth + 1);
    if ('const' in schema) return fc.constant(schema.const);
    if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (Array.isArray(alternatives) && alternatives.length > 0) return fc.oneof(...alternatives.map(next));
    if (Array.isArray(schema.allOf) && schema.allOf.length > 0)
      return next({ ...schema, allOf: undefined, ...schema.allOf[0] });
    if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type: string) => next({ ...schema, type })));
    switch (schema.type) {
      case 'string':
        return this.string(schema);
      case 'integer':
        return fc.integer({
          min: Math.max(schema.minimum ?? -1_000_000, -1_000_000_000),
          max: Math.min(schema.maximum ?? 1_000_000, 1_000_000_000),
        });
      case 'number':
        return fc.double({
          min: schema.minimum ?? -1e6,
          max: schema.maximum ?? 1e6,
          noNaN: true,
          noDefaultInfinity: true,
        });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(next(schema.items), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
        });
      case 'object':
        return this.object(schema, next);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  private string(schema: Schema): fc.Arbitrary<string> {
    if (schema.format === 'date-time') {
      return fc
        .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
        .map((date) => date.toISOString());
    }
    if (schema.format === 'email') return fc.emailAddress();
    if (typeof schema.pattern === 'string') {
      const key = `pattern:${schema.pattern}`;
      if (!this.cache.has(key)) {
        let arbitrary: fc.Arbitrary<unknown>;
        try {
          arbitrary = fc.stringMatching(new RegExp(schema.pattern));
        } catch {
          arbitrary = fc.string({ maxLength: 20 });
        }
        this.cache.set(key, arbitrary);
      }
      const matching = this.cache.get(key) as fc.Arbitrary<string>;
      return matching.filter(
        (text) => text.length <= (schema.maxLength ?? 200) && text.length >= (schema.minLength ?? 0),
      );
    }
    const minLength = schema.minLength ?? 0;
    return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 24, 24)) });
  }

  private object(schema: Schema, next: (child: Schema) => fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
    const properties: Record<string, Schema> = schema.properties ?? {};
    const names = Object.keys(properties);
    if (names.length === 0)
      return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
    const required: string[] = schema.required ?? [];
    return fc.record(Object.fromEntries(names.map((name) => [name, next(properties[name])])), {
      requiredKeys: names.filter((name) => required.includes(name)),
    });
  }
}
