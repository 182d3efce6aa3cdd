import { Worker } from 'node:worker_threads';
import type { TextExtractor } from '../../application/ports/text-extractor.ts';
import { GENERATION_LIMITS } from '../../domain/dataset-generation/generation-request.ts';
import { InvalidInput } from '../../domain/errors.ts';
import type { PdfAnswer, PdfJob } from './pdf-text-worker.ts';

/** Bounds on reading one PDF: pages read, characters kept, time taken and the reader's heap. */
export interface PdfBounds {
  readonly maxPages: number;
  readonly maxChars: number;
  readonly timeoutMs: number;
  readonly heapMb: number;
}

export const PDF_BOUNDS: PdfBounds = {
  maxPages: 500,
  maxChars: GENERATION_LIMITS.knowledgeTextChars,
  timeoutMs: 30_000,
  heapMb: 192,
};

const unreadable = (why: string) => new InvalidInput([{ path: 'file', message: `is not a readable PDF: ${why}` }]);

const FROM_SOURCE = import.meta.url.endsWith('.ts');
/** The worker script beside this file, in the form this process runs (TypeScript from source, JavaScript built). */
const WORKER = new URL(`./pdf-text-worker${FROM_SOURCE ? '.ts' : '.js'}`, import.meta.url);
/** Run from source, the thread registers tsx first (a loader of the parent does not reach its threads). */
const ENTRY = FROM_SOURCE
  ? `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER.href)}); })`
  : WORKER;

/**
 * Text out of uploaded files. A PDF is read by pdfjs-dist (its legacy build for Node: no fonts, no eval) in a worker
 * thread of its own, so a heavy or hostile file neither blocks the API's event loop nor grows its heap: at most
 * `maxPages` pages and `maxChars` characters, within `timeoutMs` (the thread is then stopped) and a `heapMb` heap.
 * Every other type is its bytes as UTF-8, a byte-order mark dropped.
 */
export class PdfjsTextExtractor implements TextExtractor {
  constructor(private readonly bounds: PdfBounds = PDF_BOUNDS) {}

  async extract(file: { readonly mimeType: string; readonly bytes: Uint8Array }): Promise<string> {
    if (file.mimeType !== 'application/pdf') return new TextDecoder('utf-8').decode(file.bytes).replace(/^\uFEFF/, '');
    const job: PdfJob = {
      bytes: new Uint8Array(file.bytes),
      maxPages: this.bounds.maxPages,
      maxChars: this.bounds.maxChars,
    };
    const worker = new Worker(ENTRY, {
      eval: FROM_SOURCE,
      workerData: job,
      // The parent's loaders (tsx from source) but not its heap size: the thread has its own limit.
      execArgv: process.execArgv.filter((argument) => !argument.startsWith('--max-old-space-size')),
      resourceLimits: { maxOldGenerationSizeMb: this.bounds.heapMb },
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const answer = await new Promise<PdfAnswer>((resolve, reject) => {
        timer = setTimeout(
          () => reject(unreadable(`reading it took over ${this.bounds.timeoutMs} ms`)),
          this.bounds.timeoutMs,
        );
        worker.once('message', resolve);
        worker.once('error', (error) =>
          reject(
            unreadable(
              (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
                ? 'reading it needs too much memory'
                : error.message.slice(0, 200),
            ),
          ),
        );
        worker.once('exit', () => reject(unreadable('the reader stopped')));
      });
      if ('error' in answer) throw unreadable(answer.error.slice(0, 200));
      return answer.text;
    } finally {
      clearTimeout(timer);
      await worker.terminate();
    }
  }
}
