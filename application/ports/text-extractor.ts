/**
 * Reads the text out of an uploaded file: a PDF's text, page by page, within a page and time bound; a text file's
 * bytes as UTF-8. Throws InvalidInput for a file it cannot read (a damaged or encrypted PDF).
 */
export interface TextExtractor {
  extract(file: { readonly mimeType: string; readonly bytes: Uint8Array }): Promise<string>;
}
