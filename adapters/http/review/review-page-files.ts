import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Unavailable } from '../../../domain/errors.ts';

/** The files of the built reviewer page, with their media types. */
export const REVIEW_PAGE_FILES = {
  'index.html': 'text/html; charset=utf-8',
  'review.js': 'text/javascript; charset=utf-8',
  'review.css': 'text/css; charset=utf-8',
} as const;
export type ReviewPageFile = keyof typeof REVIEW_PAGE_FILES;

/**
 * Reads the reviewer page's built files (made by `npm install`'s prepare script, or `npm run build:review`) once each;
 * a missing build is a 503 that says how to make it.
 */
export function reviewPageFiles(folder = join(import.meta.dirname, 'dist')) {
  const cache = new Map<ReviewPageFile, Promise<string>>();
  return (file: ReviewPageFile): Promise<string> => {
    let content = cache.get(file);
    if (!content) {
      content = readFile(join(folder, file), 'utf8').catch(() => {
        cache.delete(file);
        throw new Unavailable('The reviewer page is not built: run npm install (or npm run build:review)');
      });
      cache.set(file, content);
    }
    return content;
  };
}
