import type {
  Comparable,
  ComparisonExpr,
  FilterQueryTarget,
  FunctionArgument,
  FunctionExpr,
  JsonPathQuery,
  LogicalExpr,
  Segment,
  Selector,
  SingularQuery,
  SingularQuerySegment,
} from './json-path-ast.ts';
import { childrenOf, isObject, type Json, sliceIndices } from './json-path-values.ts';

/** The work one JSONPath evaluation may do: nodes visited, selected or compared. */
export const JSON_PATH_STEP_BUDGET = 150_000;

/** Thrown when an evaluation goes over its step budget; what was selected so far is dropped. */
export class PathBudgetExceeded extends Error {
  constructor(budget: number) {
    super(`the path needs more than ${budget} steps on this answer`);
  }
}

/** The result of a singular query or function that selects nothing (RFC 9535 "Nothing"). */
const NOTHING = Symbol('nothing');
type Value = Json | typeof NOTHING;
/** A node list, wrapped so a function argument can tell it from a value that is an array. */
class Nodes {
  constructor(readonly list: Json[]) {}
}

/**
 * Evaluates a parsed RFC 9535 query with a step budget: every node visited, selected or compared costs a step, so the
 * time and the memory an evaluation spends are bounded whatever the path and the document. Regular-expression
 * functions (match, search) are not evaluated: their cost has no such bound.
 */
export class BoundedJsonPath {
  private steps = 0;

  constructor(
    private readonly root: Json,
    private readonly budget = JSON_PATH_STEP_BUDGET,
  ) {}

  select(query: JsonPathQuery): Json[] {
    return this.query(query.segments, this.root).list;
  }

  private step(count = 1): void {
    this.steps += count;
    if (this.steps > this.budget) throw new PathBudgetExceeded(this.budget);
  }

  private query(segments: readonly (Segment | SingularQuerySegment)[], start: Json): Nodes {
    let nodes: Json[] = [start];
    for (const segment of segments) {
      const next: Json[] = [];
      const targets = segment.type === 'DescendantSegment' ? this.descendants(nodes) : nodes;
      for (const node of targets) this.segment(segment.node, node, next);
      nodes = next;
    }
    return new Nodes(nodes);
  }

  /** Each node and everything under it, each node before its children, children in document order. */
  private descendants(nodes: readonly Json[]): Json[] {
    const visited: Json[] = [];
    const pending = [...nodes].reverse();
    while (pending.length > 0) {
      const node = pending.pop();
      this.step();
      visited.push(node);
      const children = childrenOf(node);
      for (let at = children.length - 1; at >= 0; at--) pending.push(children[at]);
    }
    return visited;
  }

  private segment(node: Segment['node'] | SingularQuerySegment['node'], value: Json, into: Json[]): void {
    if (node.type === 'BracketedSelection') for (const selector of node.selectors) this.selector(selector, value, into);
    else if (node.type === 'MemberNameShorthand')
      this.selector({ type: 'NameSelector', value: node.value }, value, into);
    else this.selector(node, value, into);
  }

  private selector(selector: Selector, value: Json, into: Json[]): void {
    const add = (selected: Json) => {
      this.step();
      into.push(selected);
    };
    switch (selector.type) {
      case 'NameSelector':
        if (isObject(value) && Object.hasOwn(value, selector.value)) add(value[selector.value]);
        return;
      case 'WildcardSelector':
        for (const child of childrenOf(value)) add(child);
        return;
      case 'IndexSelector': {
        if (!Array.isArray(value)) return;
        const at = selector.value >= 0 ? selector.value : value.length + selector.value;
        if (at >= 0 && at < value.length) add(value[at]);
        return;
      }
      case 'SliceSelector':
        if (Array.isArray(value))
          for (const at of sliceIndices(value.length, selector.start, selector.end, selector.step)) add(value[at]);
        return;
      case 'FilterSelector':
        for (const child of childrenOf(value)) {
          this.step();
          if (this.logical(selector.value, child)) into.push(child);
        }
        return;
    }
  }

  private logical(expression: LogicalExpr, current: Json): boolean {
    switch (expression.type) {
      case 'LogicalOrExpr':
        return this.logical(expression.left, current) || this.logical(expression.right, current);
      case 'LogicalAndExpr':
        return this.logical(expression.left, current) && this.logical(expression.right, current);
      case 'LogicalNotExpr':
        return !this.logical(expression.expression, current);
      case 'ComparisonExpr':
        return this.comparison(expression, current);
      case 'TestExpr':
        return expression.expression.type === 'FilterQuery'
          ? this.filterQuery(expression.expression.value, current).list.length > 0
          : this.call(expression.expression, current) === true;
    }
  }

  private filterQuery(query: FilterQueryTarget, current: Json): Nodes {
    return this.query(query.segments, query.type === 'RelQuery' ? current : this.root);
  }

  private comparable(comparable: Comparable, current: Json): Value {
    switch (comparable.type) {
      case 'Literal':
        return comparable.value;
      case 'FunctionExpr':
        return this.call(comparable, current);
      default:
        return this.singular(comparable, current);
    }
  }

  private singular(query: SingularQuery, current: Json): Value {
    const found = this.query(query.segments, query.type === 'RelSingularQuery' ? current : this.root).list;
    return found.length === 1 ? found[0] : NOTHING;
  }

  private comparison({ left, right, op }: ComparisonExpr, current: Json): boolean {
    const a = this.comparable(left, current);
    const b = this.comparable(right, current);
    switch (op) {
      case '==':
        return this.equal(a, b);
      case '!=':
        return !this.equal(a, b);
      case '<':
        return this.less(a, b);
      case '>':
        return this.less(b, a);
      case '<=':
        return this.less(a, b) || this.equal(a, b);
      case '>=':
        return this.less(b, a) || this.equal(a, b);
    }
  }

  private less(a: Value, b: Value): boolean {
    return (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string')
      ? a < b
      : false;
  }

  /** Deep equality, a step per value compared. */
  private equal(a: Value, b: Value): boolean {
    this.step();
    if (a === NOTHING || b === NOTHING || a === null || b === null || typeof a !== 'object' || typeof b !== 'object')
      return a === b;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (Array.isArray(a) && Array.isArray(b))
      return a.length === b.length && a.every((item, at) => this.equal(item, b[at]));
    const left = a as Record<string, Json>;
    const right = b as Record<string, Json>;
    const keys = Object.keys(left);
    return (
      keys.length === Object.keys(right).length &&
      keys.every((key) => Object.hasOwn(right, key) && this.equal(left[key], right[key]))
    );
  }

  private argument(argument: FunctionArgument, current: Json): Value | Nodes | boolean {
    switch (argument.type) {
      case 'Literal':
        return argument.value;
      case 'FilterQuery':
        return this.filterQuery(argument.value, current);
      case 'FunctionExpr':
        return this.call(argument, current);
      default:
        return this.logical(argument, current);
    }
  }

  /** length, count and value (RFC 9535 2.4); a mistyped call selects nothing, as the library's does. */
  private call(call: FunctionExpr, current: Json): Value | boolean {
    const [first] = call.arguments.map((argument) => this.argument(argument, current));
    const value = first instanceof Nodes ? (first.list.length === 1 ? first.list[0] : NOTHING) : first;
    switch (call.name) {
      case 'length':
        if (typeof value === 'string') return [...value].length;
        if (Array.isArray(value)) return value.length;
        return isObject(value) ? Object.keys(value).length : NOTHING;
      case 'count':
        return first instanceof Nodes ? first.list.length : NOTHING;
      case 'value':
        return first instanceof Nodes ? value : NOTHING;
      default:
        throw new Error(`${call.name}() is not evaluated (regular expressions have no time bound)`);
    }
  }
}
