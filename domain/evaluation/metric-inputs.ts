export interface Turn {
  readonly input: string;
  readonly output: string;
}

/** What scoring one evaluation sees, assembled from the session (or one turn), its test case and spans; null = absent. */
export interface MetricInputs {
  readonly turns: readonly Turn[];
  readonly input: string | null;
  readonly actualOutput: string | null;
  readonly expectedOutput: string | null;
  readonly context: string | null;
  readonly retrievalContext: readonly string[] | null;
  readonly expectedTools: readonly string[] | null;
  readonly toolsUsed: readonly string[] | null;
}

/** The params among `required` that the inputs lack (absent or empty text). */
export function missingParams(inputs: MetricInputs, required: readonly string[]): string[] {
  return required.filter((name) => {
    const value = (inputs as unknown as Record<string, unknown>)[name];
    return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
  });
}

/** Readable text of any stored value: strings as is, `{user_message}`/`{value}` objects unwrapped, others as JSON. */
export function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    for (const key of ['user_message', 'value', 'content', 'text', 'message']) {
      if (typeof object[key] === 'string') return object[key] as string;
    }
  }
  return JSON.stringify(value);
}
