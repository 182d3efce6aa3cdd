/** A run: its status, launches, per-metric summary and evaluations. */
export function RunScreen({ id }: { readonly id: string }) {
  return <h1>Run {id}</h1>;
}
