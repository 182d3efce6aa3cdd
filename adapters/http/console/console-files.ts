import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Unavailable } from '../../../domain/errors.ts';

/** The files of the built console, with their media types. */
export const CONSOLE_FILES = {
  'index.html': 'text/html; charset=utf-8',
  'console.js': 'text/javascript; charset=utf-8',
  'console.css': 'text/css; charset=utf-8',
} as const;
export type ConsoleFile = keyof typeof CONSOLE_FILES;

/**
 * Reads the console's built files (made by `npm install`'s prepare script, or `npm run build:console`) once each;
 * a missing build is a 503 that says how to make it.
 */
export function consoleFiles(folder = join(import.meta.dirname, 'dist')) {
  const cache = new Map<ConsoleFile, Promise<string>>();
  return (file: ConsoleFile): Promise<string> => {
    let content = cache.get(file);
    if (!content) {
      content = readFile(join(folder, file), 'utf8').catch(() => {
        cache.delete(file);
        throw new Unavailable('The console is not built: run npm install (or npm run build:console)');
      });
      cache.set(file, content);
    }
    return content;
  };
}
