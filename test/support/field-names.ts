/**
 * The public field names of record `T` as a test expects them: written out in the test, and checked against the type
 * so a field added to `T` (and not `Hidden`) fails to compile until the test names it. Answers the names sorted.
 */
export const fieldNames =
  <T, Hidden extends keyof T = never>() =>
  <const Names extends readonly Exclude<keyof T, Hidden>[]>(
    names: Names &
      ([Exclude<keyof T, Hidden>] extends [Names[number]]
        ? unknown
        : { 'fields the list misses': Exclude<keyof T, Hidden | Names[number]> }),
  ): string[] =>
    [...names].map(String).sort();
