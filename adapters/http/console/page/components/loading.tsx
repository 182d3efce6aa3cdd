/** A polite "loading" line: screen readers hear it once, sighted people see it until the data arrives. */
export function Loading({ label = 'Loading…' }: { readonly label?: string }) {
  return (
    <p class="loading" role="status">
      {label}
    </p>
  );
}
