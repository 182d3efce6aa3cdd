import { InvalidInput } from '../errors.ts';
import type { Version } from '../catalog/version.ts';
import type { RunTarget } from './run.ts';

const MAX_NAMED = 5;

const listed = (ids: readonly string[]): string =>
  ids.length <= MAX_NAMED ? ids.join(', ') : `${ids.slice(0, MAX_NAMED).join(', ')} and ${ids.length - MAX_NAMED} more`;

/**
 * The product and version of a launch's sessions: one launch covers one product (sessions of several are refused,
 * naming the products and their sessions); the version is set when every session shares it, else null.
 */
export function launchTarget(
  sessions: readonly { readonly id: string; readonly versionId: string }[],
  versions: readonly Pick<Version, 'id' | 'productId'>[],
  path: string,
): RunTarget {
  const productOf = new Map(versions.map((version) => [version.id, version.productId]));
  const byProduct = new Map<string, string[]>();
  for (const session of sessions) {
    const productId = productOf.get(session.versionId);
    if (productId === undefined) throw InvalidInput.of(path, `session ${session.id} has no live version`);
    byProduct.set(productId, [...(byProduct.get(productId) ?? []), session.id]);
  }
  if (byProduct.size === 0) throw InvalidInput.of(path, 'no session to launch: none of them exists');
  if (byProduct.size > 1)
    throw InvalidInput.of(
      path,
      `one launch covers one product; these sessions belong to ${byProduct.size} products: ` +
        [...byProduct.entries()].map(([productId, ids]) => `${productId} (sessions ${listed(ids)})`).join('; '),
    );
  const versionIds = new Set(sessions.map((session) => session.versionId));
  return { productId: [...byProduct.keys()][0], versionId: versionIds.size === 1 ? [...versionIds][0] : null };
}
