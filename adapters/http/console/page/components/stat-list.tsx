import type { ComponentChildren } from 'preact';

/** A few facts side by side (a run's status, product, counts): a description list. */
export function Facts({ items }: { readonly items: readonly (readonly [string, ComponentChildren])[] }) {
  return (
    <dl class="facts">
      {items.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A status as a word the eye finds (coloured by its class, never by colour alone: the word is there). */
export function Status({ value }: { readonly value: string }) {
  return <span class={`status status-${value}`}>{value}</span>;
}
