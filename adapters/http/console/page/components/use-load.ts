import { useEffect, useState } from 'preact/hooks';

/** What a screen waits for: its data, or the error that stopped it. */
export interface Loaded<T> {
  readonly data: T | undefined;
  readonly error: unknown;
  readonly loading: boolean;
}

/** Loads data when the screen opens and again whenever one of `keys` changes; a stale answer is dropped. */
export function useLoad<T>(load: () => Promise<T>, keys: readonly unknown[]): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ data: undefined, error: null, loading: true });
  useEffect(() => {
    let current = true;
    setState({ data: undefined, error: null, loading: true });
    load().then(
      (data) => current && setState({ data, error: null, loading: false }),
      (error: unknown) => current && setState({ data: undefined, error, loading: false }),
    );
    return () => {
      current = false;
    };
  }, keys);
  return state;
}
