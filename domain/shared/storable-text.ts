/** What a NUL character in text from outside systems (a judge's reason, an error message) is stored as. */
export const NUL_REPLACEMENT = '\uFFFD';

/**
 * Text Assay did not receive through its API but must store (a model's reason, a failure's message), made storable
 * everywhere: PostgreSQL cannot hold NUL in text or JSON, so NUL becomes U+FFFD on every store alike. Text sent to the
 * API with NUL is refused instead (400); this is for text nobody can be asked to resend.
 */
export const storableText = (text: string): string =>
  text.includes('\0') ? text.replaceAll('\0', NUL_REPLACEMENT) : text;
