import type { IssueCollector } from '../errors.ts';

/** Bytes of a string in UTF-8, without TextEncoder, so limits are counted the way the wire counts them. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes;
}

/** Optional text: absent or null passes; otherwise not blank and at most `maxBytes` in UTF-8. */
export function checkOptionalText(
  issues: IssueCollector,
  path: string,
  value: string | null | undefined,
  { maxBytes }: { maxBytes: number },
): void {
  if (value === undefined || value === null) return;
  issues.check(value.trim().length > 0, path, 'must not be empty');
  issues.check(value.length <= maxBytes && utf8Length(value) <= maxBytes, path, `must be at most ${maxBytes} bytes`);
}

export function checkCount(issues: IssueCollector, path: string, value: number | null | undefined): void {
  if (value === undefined || value === null) return;
  issues.check(Number.isFinite(value) && value >= 0, path, 'must not be negative');
}
