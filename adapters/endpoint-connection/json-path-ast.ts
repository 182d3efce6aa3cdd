import type { JsonPathQuery } from 'jsonpath-rfc9535/parser';

/** The parser's syntax tree, named piece by piece (the library exports only its root type). */
export type { JsonPathQuery };
export type Segment = JsonPathQuery['segments'][number];
export type Selector = Extract<Segment['node'], { type: 'BracketedSelection' }>['selectors'][number];
export type LogicalExpr = Extract<Selector, { type: 'FilterSelector' }>['value'];
export type ComparisonExpr = Extract<LogicalExpr, { type: 'ComparisonExpr' }>;
export type Comparable = ComparisonExpr['left'];
type TestTarget = Extract<LogicalExpr, { type: 'TestExpr' }>['expression'];
export type FunctionExpr = Extract<TestTarget, { type: 'FunctionExpr' }>;
export type FilterQueryTarget = Extract<TestTarget, { type: 'FilterQuery' }>['value'];
export type FunctionArgument = FunctionExpr['arguments'][number];
export type SingularQuery = Extract<Comparable, { type: 'RelSingularQuery' | 'AbsSingularQuery' }>;
export type SingularQuerySegment = SingularQuery['segments'][number];
