import type { ComponentChildren } from 'preact';
import type { Schemas } from '../api.ts';
import { Link } from './link.tsx';

/** A section of the console named in the navigation bar. */
export interface NavItem {
  readonly label: string;
  readonly href: string;
  /** Whether the current path belongs to it. */
  readonly current: boolean;
}

interface LayoutProps {
  readonly user: Schemas['User'] | null;
  readonly nav: readonly NavItem[];
  readonly onSignOut: () => void;
  readonly children: ComponentChildren;
}

/** The frame of every screen: the navigation (the console's sections, the reviewer page), who is signed in, "Sign out". */
export function Layout({ user, nav, onSignOut, children }: LayoutProps) {
  return (
    <>
      <header class="top">
        <nav aria-label="Console">
          <Link href="/app" class="brand">
            Assay
          </Link>
          <ul>
            {nav.map((item) => (
              <li key={item.href}>
                <Link href={item.href} class={item.current ? 'current' : undefined}>
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              <a href="/review">Review</a>
            </li>
          </ul>
        </nav>
        <div class="account">
          {user && (
            <span class="who">
              {user.name ?? user.email} · {user.role}
            </span>
          )}
          <button type="button" onClick={onSignOut}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main">{children}</main>
    </>
  );
}
