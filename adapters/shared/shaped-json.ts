import { InvalidInput, PayloadTooLarge } from '../../domain/errors.ts';
import { JsonShapeScanner, type JsonShapeProblem } from './json-shape.ts';

/** The error a JSON document's shape earns: too many values is too large a body; nesting, an invalid field. */
export function shapeRefusal(problem: JsonShapeProblem): Error {
  if (problem.kind === 'nodes') return new PayloadTooLarge(`The request body ${problem.message}`);
  const path = problem.path || 'body';
  return new InvalidInput([{ path, message: problem.message }], `Invalid body ${path}: ${problem.message}`);
}

/** Parses a JSON text already read whole (an OTLP/JSON export), refusing it by its shape before `JSON.parse`. */
export function parseShapedJson(text: Buffer): unknown {
  const problem = new JsonShapeScanner().feed(text);
  if (problem) throw shapeRefusal(problem);
  return JSON.parse(text.toString('utf8') || '{}');
}
