import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** Where the CLI talks to, and with which key. */
export interface CliSettings {
  readonly baseUrl: string;
  readonly apiKey: string;
}

/** `$XDG_CONFIG_HOME/assay/config.json`, else `~/.config/assay/config.json`. */
export function settingsFile(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'assay', 'config.json');
}

/** The saved settings, overridden by ASSAY_BASE_URL and ASSAY_API_KEY; null when either is still missing. */
export async function loadSettings(env: NodeJS.ProcessEnv = process.env): Promise<CliSettings | null> {
  const saved = await readFile(settingsFile(env), 'utf8').then(
    (text) => JSON.parse(text) as Partial<CliSettings>,
    () => ({}) as Partial<CliSettings>,
  );
  const baseUrl = env.ASSAY_BASE_URL || saved.baseUrl;
  const apiKey = env.ASSAY_API_KEY || saved.apiKey;
  return baseUrl && apiKey ? { baseUrl, apiKey } : null;
}

/** Saves the settings readable by their owner only (the key is a secret). */
export async function saveSettings(settings: CliSettings, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const file = settingsFile(env);
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return file;
}
