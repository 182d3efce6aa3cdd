import type { TextExtractor } from '../../application/ports/text-extractor.ts';
import { InvalidInput } from '../../domain/errors.ts';

/** Bounds on reading one PDF: pages read (the rest ignored) and the time the whole reading may take. */
export interface PdfBounds {
  readonly maxPages: number;
  readonly timeoutMs: number;
}

export const PDF_BOUNDS: PdfBounds = { maxPages: 500, timeoutMs: 30_000 };

const unreadable = (why: string) => new InvalidInput([{ path: 'file', message: `is not a readable PDF: ${why}` }]);

/**
 * Text out of uploaded files: PDFs through pdfjs-dist (its legacy build, for Node; no fonts, no eval, no worker
 * thread), at most `maxPages` pages within `timeoutMs`; every other type is its bytes as UTF-8 (a byte-order mark
 * dropped).
 */
export class PdfjsTextExtractor implements TextExtractor {
  constructor(private readonly bounds: PdfBounds = PDF_BOUNDS) {}

  async extract(file: { readonly mimeType: string; readonly bytes: Uint8Array }): Promise<string> {
    if (file.mimeType !== 'application/pdf') return new TextDecoder('utf-8').decode(file.bytes).replace(/^\uFEFF/, '');
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const task = getDocument({
      data: new Uint8Array(file.bytes),
      disableFontFace: true,
      useSystemFonts: false,
      isEvalSupported: false,
      verbosity: 0,
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(unreadable(`reading it took over ${this.bounds.timeoutMs} ms`)),
        this.bounds.timeoutMs,
      );
    });
    try {
      return await Promise.race([this.read(task.promise), late]);
    } catch (error) {
      if (error instanceof InvalidInput) throw error;
      throw unreadable(error instanceof Error ? error.message.slice(0, 200) : 'unknown failure');
    } finally {
      clearTimeout(timer);
      await task.destroy().catch(() => {});
    }
  }

  private async read(opening: Promise<{ numPages: number; getPage(n: number): Promise<PdfPage> }>): Promise<string> {
    const document = await opening;
    const pages: string[] = [];
    for (let number = 1; number <= Math.min(document.numPages, this.bounds.maxPages); number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
          .join('')
          .trim(),
      );
      page.cleanup();
    }
    return pages.join('\n\n');
  }
}

interface PdfPage {
  getTextContent(): Promise<{ items: ({ str: string; hasEOL: boolean } | object)[] }>;
  cleanup(): void;
}
