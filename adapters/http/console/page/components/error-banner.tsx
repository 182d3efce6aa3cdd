import { ApiError } from '../api.ts';

/** An error said in words: the API's message, or what went wrong in the page. */
export function ErrorBanner({ error }: { readonly error: unknown }) {
  if (!error) return null;
  const message =
    error instanceof ApiError || error instanceof Error ? error.message : 'Something went wrong; try again.';
  return (
    <p class="banner error" role="alert">
      {message}
    </p>
  );
}
