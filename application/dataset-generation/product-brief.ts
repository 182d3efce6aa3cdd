import type { Dataset } from '../../domain/dataset/dataset.ts';
import { where } from '../ports/list-query.ts';
import type { ProductBrief } from '../ports/generation-model.ts';
import type { Ports } from '../ports/ports.ts';

/** Specifications, and characters of each description, a brief carries at most. */
const SPECIFICATIONS = 20;
const DESCRIPTION_CHARS = 2000;

/** The product a dataset is for, as the generation model is told about it: its description and its specifications'. */
export async function productBrief(
  ports: Pick<Ports, 'products' | 'specifications'>,
  dataset: Dataset,
): Promise<ProductBrief> {
  const product = await ports.products.get(dataset.organizationId, dataset.productId);
  const specifications = await ports.specifications.list(dataset.organizationId, {
    where: where.eq('productId', dataset.productId),
    sort: [{ field: 'createdAt', direction: 'asc' }],
    limit: SPECIFICATIONS,
  });
  return {
    name: product?.name ?? '',
    description: product?.description?.slice(0, DESCRIPTION_CHARS) ?? null,
    specifications: specifications.map((specification) =>
      `${specification.name}: ${specification.description ?? ''}`.slice(0, DESCRIPTION_CHARS),
    ),
  };
}
