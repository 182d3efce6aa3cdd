/** Two runs side by side: per metric and per test case. */
export function Compare({ query }: { readonly query: URLSearchParams }) {
  return <h1>Compare {query.get('base')}</h1>;
}
