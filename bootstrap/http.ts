import type { HttpApplication } from './http-application.ts';
import { createPlatform, type PlatformOptions } from './library.ts';

/** The HTTP API as a Koa application to mount in another server, and how to close what it holds. */
export interface AssayHttpApp {
  readonly app: HttpApplication;
  close(): Promise<void>;
}

/**
 * Builds the API's Koa application on the chosen database (memory by default), for mounting under another Koa or
 * Node server (`server.on('request', app.callback())`). Close it when the host stops.
 */
export async function createAssayHttpApp(options: PlatformOptions = {}): Promise<AssayHttpApp> {
  const platform = await createPlatform(options);
  return { app: platform.http, close: () => platform.close() };
}

export type { HttpApplication } from './http-application.ts';
export type { PlatformOptions } from './library.ts';
