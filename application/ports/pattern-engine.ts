/**
 * Tenant-written regular expressions (a model's `matchPattern`) compiled and run in linear time (RE2 semantics: no
 * backreferences or lookaround), so no pattern can make a match take longer than its input's length allows.
 */
export interface PatternEngine {
  /** Why the pattern cannot be used (not RE2 syntax, too big once compiled), or null when it can. */
  problem(pattern: string): string | null;
  /** Whether the pattern matches somewhere in the name, in any case; a pattern with a problem matches nothing. */
  matches(pattern: string, name: string): boolean;
}
