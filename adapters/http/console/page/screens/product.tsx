/** A product: its versions, its runs and the means of its metrics over the last runs. */
export function ProductScreen({ id }: { readonly id: string }) {
  return <h1>Product {id}</h1>;
}
