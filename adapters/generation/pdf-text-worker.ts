import { parentPort, workerData } from 'node:worker_threads';

/** What the extractor hands the worker: the PDF's bytes and the bounds of its reading. */
export interface PdfJob {
  readonly bytes: Uint8Array;
  readonly maxPages: number;
  readonly maxChars: number;
}

/** What the worker answers: the text read, or why there is none. */
export type PdfAnswer = { readonly text: string } | { readonly error: string };

interface PdfPage {
  getTextContent(): Promise<{ items: ({ str: string; hasEOL: boolean } | object)[] }>;
  cleanup(): void;
}

/** The text of the PDF's first pages, page after page, stopping once `maxChars` characters were read. */
async function read({ bytes, maxPages, maxChars }: PdfJob): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({
    data: bytes,
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    const pages: string[] = [];
    let chars = 0;
    for (let number = 1; number <= Math.min(document.numPages, maxPages) && chars < maxChars; number++) {
      const page: PdfPage = await document.getPage(number);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('')
        .trim();
      page.cleanup();
      pages.push(text);
      chars += text.length + 2;
    }
    return pages.join('\n\n').slice(0, maxChars);
  } finally {
    await task.destroy().catch(() => {});
  }
}

// Runs once per worker: reads the PDF it was given and answers.
if (parentPort && workerData) {
  const port = parentPort;
  read(workerData as PdfJob).then(
    (text) => port.postMessage({ text } satisfies PdfAnswer),
    (error: unknown) =>
      port.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies PdfAnswer),
  );
}
