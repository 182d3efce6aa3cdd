import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { existsSync } from 'node:fs';

/**
 * The project's `docs/` folder (shipped in the package), found upwards from here: `adapters/http/` in a checkout,
 * `dist/adapters/http/` when built. Null when there is none (a bundle without docs).
 */
function docsFolder(): string | null {
  for (let folder = import.meta.dirname; dirname(folder) !== folder; folder = dirname(folder))
    if (existsSync(join(folder, 'docs', 'api-conventions.md'))) return join(folder, 'docs');
  return null;
}

/** Reads one of the guides in `docs/` by its file name (`api-conventions.md`); null for any other name. */
export function docsFiles(folder = docsFolder()): (name: string) => Promise<string | null> {
  let names: Promise<Set<string>> | undefined;
  return async (name) => {
    if (!folder) return null;
    names ??= readdir(folder).then((files) => new Set(files.filter((file) => /^[a-z0-9-]+\.md$/.test(file))));
    // Only a name listed in the folder is read: no path of the caller's making reaches the file system.
    return (await names).has(name) ? readFile(join(folder, name), 'utf8') : null;
  };
}
