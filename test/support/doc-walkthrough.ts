import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');

/**
 * The part of a Markdown text under `heading` (a whole heading line, e.g. `## Walk-through`): from it to the next
 * heading of the same level or higher. Fenced code is skipped when looking for that end, so a `#` comment in a
 * shell block does not cut the section short.
 */
export function sectionOf(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trimEnd() === heading);
  if (start < 0) throw new Error(`no heading "${heading}"`);
  const level = /^#+/.exec(heading)?.[0].length ?? 1;
  let fenced = false;
  let end = lines.length;
  for (let index = start + 1; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (line.startsWith('```')) fenced = !fenced;
    const depth = fenced ? 0 : (/^(#+) /.exec(line)?.[1]?.length ?? 0);
    if (depth > 0 && depth <= level) {
      end = index;
      break;
    }
  }
  return lines.slice(start, end).join('\n');
}

/** The shell blocks (```sh or ```bash) of a Markdown text, in order. */
export function shellBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```(?:sh|bash)\n([\s\S]*?)^```/gm)].map((match) => match[1] ?? '');
}

/** The shell blocks under a heading of a file of the repository (`README.md`, `docs/runs.md`), as one script. */
export async function walkThrough(file: string, heading: string): Promise<{ script: string; blocks: number }> {
  const blocks = shellBlocks(sectionOf(await readFile(join(ROOT, file), 'utf8'), heading));
  return { script: blocks.join('\n'), blocks: blocks.length };
}

/**
 * Runs a walk-through as a person would paste it into bash, stopping at the first failing command (`-euo
 * pipefail`), with `env` on top of ours; answers what it printed.
 */
export async function runWalkThrough(
  script: string,
  env: NodeJS.ProcessEnv,
  timeout = 120_000,
): Promise<{ stdout: string; stderr: string }> {
  try {
    return await run('bash', ['-euo', 'pipefail', '-c', script], {
      env: { ...process.env, ...env },
      timeout,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    // Say where it stopped: what the blocks printed up to the failing command, and what that command said.
    const { code, stdout, stderr } = error as { code?: number; stdout?: string; stderr?: string };
    throw new Error(`the walk-through stopped (exit ${code}).\nstdout:\n${stdout}\nstderr:\n${stderr}`);
  }
}
