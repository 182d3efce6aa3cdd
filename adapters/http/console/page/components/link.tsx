import type { ComponentChildren } from 'preact';
import { navigate } from '../router.ts';

interface LinkProps {
  readonly href: string;
  readonly children: ComponentChildren;
  readonly class?: string;
  readonly title?: string;
}

/** A link to another screen of the console: followed without reloading; a modified click opens it as usual. */
export function Link({ href, children, class: className, title }: LinkProps) {
  const follow = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <a href={href} class={className} title={title} onClick={follow}>
      {children}
    </a>
  );
}
