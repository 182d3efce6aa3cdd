import { UnsupportedMediaType, PayloadTooLarge } from '../errors.ts';

/** A file an organization uploaded for generation: its text as extracted, and how it came. */
export interface KnowledgeFile {
  readonly id: string;
  readonly organizationId: string;
  readonly userId: string;
  readonly filename: string;
  readonly mimeType: string;
  readonly sizeBytes: number;
  readonly text: string;
  readonly createdAt: string;
  readonly deletedAt: string | null;
}

/** The most bytes an uploaded file may hold. */
export const FILE_BYTES_LIMIT = 20 * 1024 * 1024;

/** The file types taken, by extension, with the media type each is stored as. */
export const FILE_TYPES: Readonly<Record<string, string>> = {
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.html': 'text/html',
  '.json': 'application/json',
  '.pdf': 'application/pdf',
};

/** The media type of an uploaded file from its name, or UnsupportedMediaType (415) naming the types taken. */
export function fileMediaType(filename: string): string {
  const dot = filename.lastIndexOf('.');
  const type = dot < 0 ? undefined : FILE_TYPES[filename.slice(dot).toLowerCase()];
  if (type === undefined)
    throw new UnsupportedMediaType(
      `Upload a ${Object.keys(FILE_TYPES).join(' ')} file (got "${filename.slice(0, 100) || 'no file name'}")`,
    );
  return type;
}

/** Refuses a file over the limit (413). */
export function checkFileSize(sizeBytes: number): void {
  if (sizeBytes > FILE_BYTES_LIMIT)
    throw new PayloadTooLarge(`A file may hold at most ${FILE_BYTES_LIMIT} bytes (got ${sizeBytes})`);
}

const URI_PREFIX = 'assay://files/';

/** The opaque address a stored file is named by in requests. */
export const fileUri = (fileId: string): string => `${URI_PREFIX}${fileId}`;

/** The file id a uri names, or null when it is no file uri. */
export function fileIdOf(uri: string): string | null {
  if (!uri.startsWith(URI_PREFIX)) return null;
  const id = uri.slice(URI_PREFIX.length);
  return /^file_[A-Za-z0-9]{1,60}$/.test(id) ? id : null;
}

/** The bytes a text takes in UTF-8. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && at + 1 < text.length) {
      bytes += 4;
      at++;
    } else bytes += 3;
  }
  return bytes;
}
