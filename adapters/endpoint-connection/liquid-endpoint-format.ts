import { query } from 'jsonpath-rfc9535';
import parseJsonPath from 'jsonpath-rfc9535/parser';
import { Liquid, type Template } from 'liquidjs';
import type { EndpointFormat } from '../../application/ports/endpoint-format.ts';

/** A file system that has no files: templates cannot include, render or lay out anything from disk. */
const NO_FILES = {
  exists: async () => false,
  existsSync: () => false,
  readFile: async () => {
    throw new Error('templates cannot read files');
  },
  readFileSync: () => {
    throw new Error('templates cannot read files');
  },
  resolve: (_root: string, file: string) => file,
  contains: async () => false,
  sep: '/',
  dirname: (file: string) => file,
};

/** Parsed templates and paths kept per format: a launch renders one template and reads a few paths per call. */
const KEPT = 200;

/** `$` then dot-shorthand member names only (`$.answer.text`): the form nearly every output mapping takes. */
const SHORTHAND = /^\$(\.[A-Za-z_][A-Za-z0-9_]*)+$/;

/** A bounded memo: the oldest entry goes when full. */
function remember<T>(kept: Map<string, T>, key: string, make: () => T): T {
  const known = kept.get(key);
  if (known !== undefined) return known;
  const made = make();
  if (kept.size >= KEPT) kept.delete(kept.keys().next().value as string);
  kept.set(key, made);
  return made;
}

/**
 * Liquid templates (liquidjs: a template language, no code of the author runs; own properties only; no files; parse,
 * render and memory bounded) and RFC 9535 JSONPath (jsonpath-rfc9535: a parser, no eval).
 */
export class LiquidEndpointFormat implements EndpointFormat {
  private readonly liquid = new Liquid({
    fs: NO_FILES,
    root: [],
    partials: [],
    layouts: [],
    relativeReference: false,
    strictFilters: true,
    ownPropertyOnly: true,
    parseLimit: 200_000,
    renderLimit: 1_000,
    memoryLimit: 16_000_000,
  });

  templateProblem(template: string): string | null {
    try {
      this.liquid.parse(template);
      // The analysis follows a static include, render or layout to its file, and there are none: refused here, not
      // thrown later by templateVariables.
      this.liquid.globalVariablesSync(template);
      return null;
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT')
        return 'templates cannot include, render or lay out other templates';
      return (error as Error).message;
    }
  }

  templateVariables(template: string): readonly string[] {
    return this.liquid.globalVariablesSync(template);
  }

  pathProblem(path: string): string | null {
    try {
      parseJsonPath(path);
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  }

  private readonly templates = new Map<string, Template[]>();
  private readonly shorthands = new Map<string, readonly string[] | null>();

  render(template: string, variables: Readonly<Record<string, unknown>>): string {
    // Parsed once: parsing, not rendering, was most of a call's template cost.
    const parsed = remember(this.templates, template, () => this.liquid.parse(template));
    return this.liquid.renderSync(parsed, variables);
  }

  select(document: unknown, path: string): unknown[] {
    // The library parses the path on every query; a shorthand path is walked here with the same meaning (a member
    // of an object, nothing otherwise), any other goes to the library.
    const names = remember(this.shorthands, path, () => (SHORTHAND.test(path) ? path.slice(2).split('.') : null));
    if (names === null) return query(document as Parameters<typeof query>[0], path);
    let node: unknown = document;
    for (const name of names) {
      if (node === null || typeof node !== 'object' || Array.isArray(node) || !Object.hasOwn(node, name)) return [];
      node = (node as Record<string, unknown>)[name];
    }
    return [node];
  }
}
