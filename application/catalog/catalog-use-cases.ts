import type { Ports } from '../ports/ports.ts';
import { CreateMetric } from './create-metric.ts';
import { CreateProduct } from './create-product.ts';
import { CreateSpecification } from './create-specification.ts';
import { CreateVersion } from './create-version.ts';
import { DeleteMetric } from './delete-metric.ts';
import { DeleteProduct } from './delete-product.ts';
import { DeleteSpecification } from './delete-specification.ts';
import { DeleteVersion } from './delete-version.ts';
import { GetMetric } from './get-metric.ts';
import { GetProduct } from './get-product.ts';
import { GetSpecification } from './get-specification.ts';
import { GetVersion } from './get-version.ts';
import { LinkSpecificationMetrics } from './link-specification-metrics.ts';
import { LinkSpecificationDatasets } from './link-specification-datasets.ts';
import { ListMetrics } from './list-metrics.ts';
import { ListProducts } from './list-products.ts';
import { ListSpecifications } from './list-specifications.ts';
import { ListVersions } from './list-versions.ts';
import { UnlinkSpecificationMetrics } from './unlink-specification-metrics.ts';
import { UnlinkSpecificationDatasets } from './unlink-specification-datasets.ts';
import { UpdateMetric } from './update-metric.ts';
import { UpdateProduct } from './update-product.ts';
import { UpdateSpecification } from './update-specification.ts';
import { UpdateVersion } from './update-version.ts';

/** The catalog's use cases: products, versions, specifications (with their links) and metrics. */
export function createCatalogUseCases(ports: Ports) {
  return {
    listProducts: new ListProducts(ports),
    getProduct: new GetProduct(ports),
    createProduct: new CreateProduct(ports),
    updateProduct: new UpdateProduct(ports),
    deleteProduct: new DeleteProduct(ports),
    listVersions: new ListVersions(ports),
    getVersion: new GetVersion(ports),
    createVersion: new CreateVersion(ports),
    updateVersion: new UpdateVersion(ports),
    deleteVersion: new DeleteVersion(ports),
    listSpecifications: new ListSpecifications(ports),
    getSpecification: new GetSpecification(ports),
    createSpecification: new CreateSpecification(ports),
    updateSpecification: new UpdateSpecification(ports),
    deleteSpecification: new DeleteSpecification(ports),
    linkSpecificationMetrics: new LinkSpecificationMetrics(ports),
    unlinkSpecificationMetrics: new UnlinkSpecificationMetrics(ports),
    linkSpecificationDatasets: new LinkSpecificationDatasets(ports),
    unlinkSpecificationDatasets: new UnlinkSpecificationDatasets(ports),
    listMetrics: new ListMetrics(ports),
    getMetric: new GetMetric(ports),
    createMetric: new CreateMetric(ports),
    updateMetric: new UpdateMetric(ports),
    deleteMetric: new DeleteMetric(ports),
  };
}
