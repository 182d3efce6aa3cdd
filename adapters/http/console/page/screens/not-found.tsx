import { Link } from '../components/link.tsx';

/** A path under /app that names no screen. */
export function NotFound() {
  return (
    <section>
      <h1>Nothing here</h1>
      <p>
        The console has no such page. <Link href="/app">Back to the products</Link>
      </p>
    </section>
  );
}
