import { query } from 'jsonpath-rfc9535';
import parseJsonPath from 'jsonpath-rfc9535/parser';
import { Liquid } from 'liquidjs';
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
      return null;
    } catch (error) {
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

  render(template: string, variables: Readonly<Record<string, unknown>>): string {
    return this.liquid.parseAndRenderSync(template, variables);
  }

  select(document: unknown, path: string): unknown[] {
    return query(document as Parameters<typeof query>[0], path);
  }
}
