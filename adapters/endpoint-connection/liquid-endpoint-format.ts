import parseJsonPath from 'jsonpath-rfc9535/parser';
import { Liquid, type Template } from 'liquidjs';
import type { EndpointFormat } from '../../application/ports/endpoint-format.ts';
import { BoundedJsonPath } from './bounded-json-path.ts';
import type { JsonPathQuery } from './json-path-ast.ts';
import { jsonPathRuleBroken } from './json-path-rules.ts';
import { renderWithinBudget, TEMPLATE_BUDGET, TemplateOverBudget, TRIAL_VARIABLES } from './template-budget.ts';

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

/** A parsed path, or the rule it breaks (a path saved before the rule existed fails the call that reads it). */
type KeptPath = { readonly tree: JsonPathQuery; readonly broken: string | null };

/**
 * Liquid templates (liquidjs: a template language, no code of the author runs; own properties only; no files; parse,
 * render time, memory and output bounded) and RFC 9535 JSONPath (jsonpath-rfc9535's parser; evaluated here within a
 * step budget).
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
    memoryLimit: TEMPLATE_BUDGET.memory,
  });

  templateProblem(template: string): string | null {
    try {
      this.liquid.parse(template);
      // The analysis follows a static include, render or layout to its file, and there are none: refused here, not
      // thrown later by templateVariables.
      this.liquid.globalVariablesSync(template);
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT')
        return 'templates cannot include, render or lay out other templates';
      return (error as Error).message;
    }
    // A template over its budget with an ordinary message would fail every call: refused now. Budgets that depend on
    // the test case's input are kept at render time.
    try {
      this.render(template, { ...TRIAL_VARIABLES });
    } catch (error) {
      if (error instanceof TemplateOverBudget) return error.message;
    }
    return null;
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

  pathRuleBroken(path: string): string | null {
    return this.parsedPath(path).broken;
  }

  private parsedPath(path: string): KeptPath {
    return remember(this.paths, path, () => {
      const tree = parseJsonPath(path);
      return { tree, broken: jsonPathRuleBroken(tree) };
    });
  }

  private readonly templates = new Map<string, Template[]>();
  private readonly shorthands = new Map<string, readonly string[] | null>();
  private readonly paths = new Map<string, KeptPath>();

  render(template: string, variables: Readonly<Record<string, unknown>>): string {
    // Parsed once: parsing, not rendering, was most of a call's template cost.
    const parsed = remember(this.templates, template, () => this.liquid.parse(template));
    return renderWithinBudget(this.liquid, parsed, variables);
  }

  select(document: unknown, path: string): unknown[] {
    // A shorthand path is walked here (a member of an object, nothing otherwise); any other is evaluated within the
    // step budget.
    const names = remember(this.shorthands, path, () => (SHORTHAND.test(path) ? path.slice(2).split('.') : null));
    if (names === null) {
      const { tree, broken } = this.parsedPath(path);
      if (broken) throw new Error(`${path} ${broken}`);
      return new BoundedJsonPath(document).select(tree);
    }
    let node: unknown = document;
    for (const name of names) {
      if (node === null || typeof node !== 'object' || Array.isArray(node) || !Object.hasOwn(node, name)) return [];
      node = (node as Record<string, unknown>)[name];
    }
    return [node];
  }
}
