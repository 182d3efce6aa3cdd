import { RE2JS } from 're2js';
import type { PatternEngine } from '../../application/ports/pattern-engine.ts';

/** Compiled patterns kept (one per distinct pattern text; the oldest is dropped past this). */
const CACHE_LIMIT = 1000;

/**
 * Patterns on re2js, a pure-JavaScript port of RE2: matching time is linear in the name's length whatever the
 * pattern (`(a+)+$` included), and backreferences and lookaround are refused at compile time. Case-insensitive.
 */
export class Re2PatternEngine implements PatternEngine {
  private readonly compiled = new Map<string, RE2JS | null>();

  problem(pattern: string): string | null {
    try {
      RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
      return null;
    } catch (error) {
      return `is not a usable regular expression (RE2 syntax): ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  matches(pattern: string, name: string): boolean {
    return this.compile(pattern)?.matcher(name).find() ?? false;
  }

  private compile(pattern: string): RE2JS | null {
    if (this.compiled.has(pattern)) return this.compiled.get(pattern) ?? null;
    let compiled: RE2JS | null = null;
    try {
      compiled = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
    } catch {
      compiled = null;
    }
    if (this.compiled.size >= CACHE_LIMIT) this.compiled.delete(this.compiled.keys().next().value as string);
    this.compiled.set(pattern, compiled);
    return compiled;
  }
}
