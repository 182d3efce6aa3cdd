/**
 * Browser code shared by the console and the reviewer page (each bundles it on its own): the tab's API key and the
 * error a failed call becomes. DOM only; type-checked through each page's tsconfig.json.
 */

/** A page's API key for this tab: sessionStorage only (never in the URL, never in localStorage), gone with the tab. */
export interface TabKey {
  stored(): string | null;
  remember(key: string): void;
  forget(): void;
}

/** The key a page keeps under its own storage name, so signing out of one page leaves the other signed in. */
export function tabKey(storageName: string): TabKey {
  return {
    stored: () => sessionStorage.getItem(storageName),
    remember: (key) => sessionStorage.setItem(storageName, key),
    forget: () => sessionStorage.removeItem(storageName),
  };
}

/** The `authorization` header for a key; without one an empty bearer, which the API refuses with a clear 401. */
export const bearer = (key: string | null): string => `Bearer ${key ?? ''}`;

/** A failed call, its message in words a person can act on; status 0 when the server was not reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The message of a call that never got an answer. */
export const UNREACHABLE = 'The server could not be reached; check the connection and try again.';
