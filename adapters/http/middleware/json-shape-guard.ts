import { type Readable, Transform, pipeline } from 'node:stream';
import { JsonShapeScanner } from '../../shared/json-shape.ts';
import { shapeRefusal } from '../../shared/shaped-json.ts';

/**
 * The JSON text of `source`, passed on as it arrives and counted on the way (`JsonShapeScanner`): a body with more
 * values or deeper nesting than the limits fails the stream before the parser has built anything of it. Once read,
 * `escapesUnicode` says whether the text may hold a `\u` escape (see `JsonShapeScanner`).
 */
export function shapeGuarded(source: Readable): Readable & { escapesUnicode(): boolean } {
  const scanner = new JsonShapeScanner();
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const problem = scanner.feed(chunk);
      if (problem) done(shapeRefusal(problem));
      else done(null, chunk);
    },
  });
  // On a failure on either side both streams are destroyed, with the failure passed on to whoever reads `guard`.
  const guarded = pipeline(source, guard, () => {});
  return Object.assign(guarded, { escapesUnicode: () => scanner.escapesUnicode() });
}
