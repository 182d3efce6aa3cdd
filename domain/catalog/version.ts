import { IssueCollector } from '../errors.ts';
import { checkName, checkText, patch } from '../shared/fields.ts';
import type { Creation } from '../shared/record.ts';

/**
 * One version of a product (a prompt, a model, a deployment). `number` counts a product's versions from 1 and is
 * never reused, not even after a deletion.
 */
export interface Version {
  readonly id: string;
  readonly organizationId: string;
  readonly productId: string;
  readonly number: number;
  readonly name: string | null;
  readonly description: string | null;
  readonly systemPrompt: string | null;
  readonly parentVersionId: string | null;
  readonly conversationEndpointConnectionId: string | null;
  /** The model (price record) the version calls: its turns are priced by it when their own model matches none. */
  readonly modelId: string | null;
  readonly createdAt: string;
  readonly deletedAt: string | null;
  readonly version: number;
}

export interface NewVersion {
  readonly productId: string;
  readonly name?: string | null;
  readonly description?: string | null;
  readonly systemPrompt?: string | null;
  readonly parentVersionId?: string | null;
  readonly conversationEndpointConnectionId?: string | null;
  readonly modelId?: string | null;
}

export type VersionChanges = Partial<
  Pick<Version, 'name' | 'description' | 'systemPrompt' | 'conversationEndpointConnectionId' | 'modelId'>
>;

/** The key of the per-product counter that hands out version numbers. */
export const versionNumberSequence = (productId: string): string => `version-number:${productId}`;

function validate(changes: VersionChanges): IssueCollector {
  const issues = new IssueCollector();
  checkName(issues, 'name', changes.name, { nullable: true });
  checkText(issues, 'description', changes.description);
  checkText(issues, 'systemPrompt', changes.systemPrompt);
  return issues;
}

/** A new version gets the next per-product `number`; a parent version must be a version of the same product. */
export function createVersion(
  input: NewVersion,
  { id, organizationId, now, number, parent }: Creation & { number: number; parent: Version | null },
): Version {
  const issues = validate(input);
  if (parent)
    issues.check(parent.productId === input.productId, 'parentVersionId', 'must be a version of the same product');
  issues.check(Number.isInteger(number) && number >= 1, 'number', 'must be a positive integer');
  issues.throwIfAny();
  return {
    id,
    organizationId,
    productId: input.productId,
    number,
    name: input.name?.trim() ?? null,
    description: input.description ?? null,
    systemPrompt: input.systemPrompt ?? null,
    parentVersionId: input.parentVersionId ?? null,
    conversationEndpointConnectionId: input.conversationEndpointConnectionId ?? null,
    modelId: input.modelId ?? null,
    createdAt: now,
    deletedAt: null,
    version: 0,
  };
}

export function updateVersion(version: Version, changes: VersionChanges): Version {
  validate(changes).throwIfAny();
  return patch(version, { ...changes, name: typeof changes.name === 'string' ? changes.name.trim() : changes.name });
}
