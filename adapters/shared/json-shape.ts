import { JSON_DEPTH_LIMIT, pathOf, PATH_SEGMENTS } from './json-input.ts';

/**
 * How many JSON nodes (objects, arrays, strings, keys included, numbers and literals) one document may hold. A
 * 10,000-span OTLP export with seven attributes a span is about 600,000. JSON.parse makes an object node of up to
 * 64 bytes, so the 5.5 million empty objects a 16 MB body can hold would take more heap than the process has.
 */
export const JSON_NODE_LIMIT = 1_000_000;

/** Why a document was refused before it was parsed. */
export type JsonShapeProblem =
  | { readonly kind: 'nodes'; readonly message: string }
  | { readonly kind: 'depth'; readonly path: string; readonly message: string };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
/** A key longer than this is shown cut in a reported path. */
const KEY_BYTES_SHOWN = 200;
const EMPTY = Buffer.alloc(0);
const UNICODE_ESCAPE = Buffer.from('\\u');

const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
const isDelimiter = (byte: number) =>
  isSpace(byte) ||
  byte === COMMA ||
  byte === COLON ||
  byte === CLOSE_ARRAY ||
  byte === CLOSE_OBJECT ||
  byte === OPEN_ARRAY ||
  byte === OPEN_OBJECT ||
  byte === QUOTE;

/** A raw (still escaped) key as a path segment, the way `findJsonProblem` names keys. */
function keySegment(raw: Buffer): string {
  const text = raw.toString('utf8');
  try {
    return JSON.stringify(JSON.parse(`"${text}"`)).slice(1, -1);
  } catch {
    return text;
  }
}

/**
 * Counts the nodes and nesting of a JSON text as its bytes arrive, without building anything, so a body that
 * would exhaust memory in `JSON.parse` (millions of nodes, or nesting past the depth limit) is refused first. It
 * does not validate: a malformed text passes here and fails in the parser. Keys of the first levels are kept so
 * that a refusal for depth names the field the way the check after parsing does.
 */
export class JsonShapeScanner {
  private nodes = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private inScalar = false;
  private expectingKey = false;
  /** Per open container of the first levels: true for an object. */
  private readonly objects: boolean[] = [];
  /** Per open container of the first levels: the current array index. */
  private readonly indexes: number[] = [];
  /**
   * Per open object of the first levels: where its current key's raw bytes are (a chunk, start, end), kept as
   * offsets so that no key is copied or sliced unless a refusal names it (a copy only when a key spans chunks).
   */
  private readonly keyChunks: Buffer[] = [];
  private readonly keyStarts: number[] = [];
  private readonly keyEnds: number[] = [];
  /** The key being read: its level (-1: not a kept key), the chunk it started in, where, and earlier chunks' bytes. */
  private keyLevel = -1;
  private keyStart = 0;
  private keyCarry: Buffer | null = null;
  /** Whether a `\u` escape may be in the text (a backslash ending the last chunk counts): see `escapesUnicode`. */
  private unicodeEscape = false;
  private lastByte = 0;

  constructor(
    private readonly nodeLimit = JSON_NODE_LIMIT,
    private readonly depthLimit = JSON_DEPTH_LIMIT,
  ) {}

  /** Scans the next bytes; the first problem found, or null. */
  feed(chunk: Buffer): JsonShapeProblem | null {
    this.keyStart = 0;
    if (chunk.length === 0) return null;
    if (!this.unicodeEscape)
      this.unicodeEscape = chunk.includes(UNICODE_ESCAPE) || (this.lastByte === BACKSLASH && chunk[0] === 0x75);
    this.lastByte = chunk[chunk.length - 1] as number;
    for (let index = 0; index < chunk.length; index++) {
      const byte = chunk[index] as number;
      if (this.inString) {
        index = this.skipString(chunk, index);
        continue;
      }
      if (this.inScalar) {
        if (!isDelimiter(byte)) continue;
        this.inScalar = false;
      }
      if (isSpace(byte)) continue;
      if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
        const problem = this.count() ?? this.open(byte === OPEN_OBJECT);
        if (problem) return problem;
      } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
        if (this.depth > 0) this.depth--;
        if (this.depth < this.objects.length) this.close();
      } else if (byte === COMMA) {
        this.next();
      } else if (byte === COLON) {
        this.expectingKey = false;
      } else {
        const problem = this.count();
        if (problem) return problem;
        if (byte === QUOTE) this.startString(index);
        else this.inScalar = true;
      }
    }
    if (this.inString && this.keyLevel >= 0) this.keyCarry = this.keyBytes(chunk, chunk.length);
    return null;
  }

  /**
   * Whether the text scanned so far may hold a `\u` escape. Without one, its parsed value holds no NUL character
   * and no unpaired surrogate (a raw NUL is not valid JSON, and invalid UTF-8 decodes to U+FFFD): with the depth
   * checked here, nothing is left for `findJsonProblem` to find. Conservative: an escaped backslash before a `u`
   * counts too.
   */
  escapesUnicode(): boolean {
    return this.unicodeEscape;
  }

  /**
   * Reads string bytes from `index` (found by the native search for the closing quote, as strings are most of a
   * body): where the string ends, or the chunk's last index when it goes on into the next chunk.
   */
  private skipString(chunk: Buffer, index: number): number {
    let from = index;
    if (this.escaped) {
      this.escaped = false;
      from++;
    }
    for (;;) {
      const quote = chunk.indexOf(QUOTE, from);
      const end = quote < 0 ? chunk.length : quote;
      let backslashes = 0;
      while (end - backslashes - 1 >= from && chunk[end - backslashes - 1] === BACKSLASH) backslashes++;
      if (quote < 0) {
        this.escaped = backslashes % 2 === 1;
        return chunk.length - 1;
      }
      if (backslashes % 2 === 0) {
        this.endString(chunk, quote);
        return quote;
      }
      from = quote + 1;
    }
  }

  private count(): JsonShapeProblem | null {
    this.nodes++;
    if (this.nodes <= this.nodeLimit) return null;
    return { kind: 'nodes', message: `holds more than ${this.nodeLimit} JSON values` };
  }

  private open(object: boolean): JsonShapeProblem | null {
    this.depth++;
    if (this.depth > this.depthLimit) {
      const segments = this.objects.map((isObject, level) =>
        isObject
          ? keySegment(this.keyChunks[level].subarray(this.keyStarts[level], this.keyEnds[level]))
          : String(this.indexes[level]),
      );
      const path = pathOf(segments, '');
      return { kind: 'depth', path, message: `nests deeper than ${this.depthLimit} levels of objects and arrays` };
    }
    if (this.depth <= PATH_SEGMENTS + 1) {
      this.objects.push(object);
      this.indexes.push(0);
      this.keyChunks.push(EMPTY);
      this.keyStarts.push(0);
      this.keyEnds.push(0);
    }
    this.expectingKey = object;
    return null;
  }

  private close(): void {
    this.objects.pop();
    this.indexes.pop();
    this.keyChunks.pop();
    this.keyStarts.pop();
    this.keyEnds.pop();
    this.expectingKey = false;
  }

  /** A comma: the next key of an object, or the next index of an array (tracked on the kept levels only). */
  private next(): void {
    const level = this.depth - 1;
    if (level < 0 || level >= this.objects.length) return;
    if (this.objects[level]) this.expectingKey = true;
    else this.indexes[level] = (this.indexes[level] ?? 0) + 1;
  }

  private startString(index: number): void {
    this.inString = true;
    this.escaped = false;
    const level = this.depth - 1;
    const kept = this.expectingKey && level >= 0 && level < this.objects.length && this.objects[level] === true;
    this.keyLevel = kept ? level : -1;
    this.keyStart = index + 1;
    this.keyCarry = null;
  }

  private endString(chunk: Buffer, index: number): void {
    this.inString = false;
    const level = this.keyLevel;
    if (level >= 0) {
      if (this.keyCarry) {
        const bytes = this.keyBytes(chunk, index);
        this.keyChunks[level] = bytes;
        this.keyStarts[level] = 0;
        this.keyEnds[level] = bytes.length;
      } else {
        this.keyChunks[level] = chunk;
        this.keyStarts[level] = this.keyStart;
        this.keyEnds[level] = Math.min(index, this.keyStart + KEY_BYTES_SHOWN);
      }
    }
    this.keyLevel = -1;
    this.keyCarry = null;
  }

  /** The key's bytes read so far, up to `end` in this chunk, cut to what a path shows. */
  private keyBytes(chunk: Buffer, end: number): Buffer {
    const here = chunk.subarray(this.keyStart, Math.min(end, this.keyStart + KEY_BYTES_SHOWN));
    if (!this.keyCarry) return here;
    return Buffer.concat([this.keyCarry, here]).subarray(0, KEY_BYTES_SHOWN);
  }
}
