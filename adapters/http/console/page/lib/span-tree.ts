/** What the tree needs of a span: its id, the parent it names, and what orders siblings. */
export interface TreeSpan {
  readonly id: string;
  readonly parentTraceId: string | null;
  readonly startTime: string | null;
  readonly createdAt: string;
}

/** A span in the tree: its children ordered by start time, then creation, then id. */
export interface SpanNode<S extends TreeSpan> {
  readonly span: S;
  readonly children: SpanNode<S>[];
  /** True when the span names a parent that is not among the spans (or names itself, or closes a cycle). */
  readonly orphan: boolean;
}

/** One visible line of the tree: the node, how deep it sits, and whether its children are shown. */
export interface TreeRow<S extends TreeSpan> {
  readonly node: SpanNode<S>;
  readonly depth: number;
  readonly open: boolean;
}

const order = <S extends TreeSpan>(a: SpanNode<S>, b: SpanNode<S>): number => {
  const left = a.span.startTime ?? a.span.createdAt;
  const right = b.span.startTime ?? b.span.createdAt;
  if (left !== right) return left < right ? -1 : 1;
  if (a.span.createdAt !== b.span.createdAt) return a.span.createdAt < b.span.createdAt ? -1 : 1;
  return a.span.id < b.span.id ? -1 : a.span.id > b.span.id ? 1 : 0;
};

/**
 * Builds the forest of spans from their parent ids: a span whose parent is missing, itself, or part of a cycle sits at
 * the root (marked orphan), so every span appears exactly once whatever the ids say. Iterative: a chain of 10,000
 * spans does not grow the stack.
 */
export function buildSpanTree<S extends TreeSpan>(spans: readonly S[]): SpanNode<S>[] {
  const nodes = new Map<string, Draft<S>>();
  for (const span of spans) if (!nodes.has(span.id)) nodes.set(span.id, { span, children: [], orphan: false });
  const byParent = new Map<string, Draft<S>[]>();
  const roots: SpanNode<S>[] = [];
  const placed = new Set<string>();
  for (const node of nodes.values()) {
    const parentId = node.span.parentTraceId;
    if (parentId === null) roots.push(node);
    else if (parentId === node.span.id || !nodes.has(parentId)) {
      node.orphan = true;
      roots.push(node);
    } else {
      const siblings = byParent.get(parentId);
      if (siblings) siblings.push(node);
      else byParent.set(parentId, [node]);
    }
  }
  for (const root of roots) attachBelow(root as Draft<S>, byParent, placed);
  // What is left sits on a cycle or hangs below one: one span of each cycle becomes a root.
  const left = [...nodes.values()].filter((node) => !placed.has(node.span.id)).sort(order);
  for (const start of left) {
    if (placed.has(start.span.id)) continue;
    const cycleNode = onCycleAbove(start, nodes);
    cycleNode.orphan = true;
    roots.push(cycleNode);
    attachBelow(cycleNode, byParent, placed);
  }
  const stack: SpanNode<S>[] = [...roots];
  while (stack.length > 0) {
    const node = stack.pop()!;
    node.children.sort(order);
    stack.push(...node.children);
  }
  return roots.sort(order);
}

type Draft<S extends TreeSpan> = { span: S; children: SpanNode<S>[]; orphan: boolean };

/** Walks up the parent ids from a span that no root reaches until a span repeats: that span is on the cycle. */
function onCycleAbove<S extends TreeSpan>(start: Draft<S>, nodes: Map<string, Draft<S>>): Draft<S> {
  const seen = new Set<string>();
  let node = start;
  while (!seen.has(node.span.id)) {
    seen.add(node.span.id);
    node = nodes.get(node.span.parentTraceId!)!;
  }
  return node;
}

/** Links the spans below `root` (children by parent id) and records them as placed; a cycle stops at a placed span. */
function attachBelow<S extends TreeSpan>(root: Draft<S>, byParent: Map<string, Draft<S>[]>, placed: Set<string>): void {
  placed.add(root.span.id);
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    for (const child of byParent.get(node.span.id) ?? []) {
      if (placed.has(child.span.id)) continue;
      placed.add(child.span.id);
      node.children.push(child);
      stack.push(child);
    }
  }
}

/** The rows shown, depth first: a node's children follow it unless its id is in `closed`. */
export function visibleRows<S extends TreeSpan>(
  roots: readonly SpanNode<S>[],
  closed: ReadonlySet<string>,
): TreeRow<S>[] {
  const rows: TreeRow<S>[] = [];
  const stack: { node: SpanNode<S>; depth: number }[] = [];
  for (let index = roots.length - 1; index >= 0; index--) stack.push({ node: roots[index], depth: 0 });
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    const open = node.children.length > 0 && !closed.has(node.span.id);
    rows.push({ node, depth, open });
    if (!open) continue;
    for (let index = node.children.length - 1; index >= 0; index--) {
      stack.push({ node: node.children[index], depth: depth + 1 });
    }
  }
  return rows;
}

/** How many spans sit below a node, itself excluded (shown beside a closed node). */
export function descendantCount<S extends TreeSpan>(node: SpanNode<S>): number {
  let count = 0;
  const stack = [...node.children];
  while (stack.length > 0) {
    const next = stack.pop()!;
    count++;
    stack.push(...next.children);
  }
  return count;
}
