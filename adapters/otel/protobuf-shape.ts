import protobuf from 'protobufjs';
import { JSON_DEPTH_LIMIT } from '../shared/json-input.ts';
import { JSON_NODE_LIMIT, type JsonShapeProblem } from '../shared/json-shape.ts';

const LENGTH_DELIMITED = 2;

/**
 * The protobuf counterpart of the JSON shape scanner: walks a message's wire bytes by its schema, counting fields and
 * nested messages, without building anything. protobuf.js makes an object of every nested message, so 16 MB of
 * empty ones (two bytes each) would take more heap than the process has; past the limits the body is refused before
 * it is decoded. A body that is not valid protobuf passes here and fails in the decoder, which says why.
 */
export function protobufShapeProblem(
  body: Uint8Array,
  type: protobuf.Type,
  nodeLimit = JSON_NODE_LIMIT,
  depthLimit = JSON_DEPTH_LIMIT,
): JsonShapeProblem | null {
  type.root.resolveAll();
  let nodes = 0;
  const walk = (
    reader: protobuf.Reader,
    end: number,
    message: protobuf.Type,
    depth: number,
  ): JsonShapeProblem | null => {
    if (depth > depthLimit)
      return { kind: 'depth', path: 'body', message: `nests deeper than ${depthLimit} levels of messages` };
    while (reader.pos < end) {
      const tag = reader.uint32();
      if (++nodes > nodeLimit) return { kind: 'nodes', message: `holds more than ${nodeLimit} protobuf fields` };
      const nested = message.fieldsById[tag >>> 3]?.resolvedType;
      if ((tag & 7) === LENGTH_DELIMITED && nested instanceof protobuf.Type) {
        const length = reader.uint32();
        const problem = walk(reader, reader.pos + length, nested, depth + 1);
        if (problem) return problem;
      } else reader.skipType(tag & 7);
    }
    return null;
  };
  try {
    return walk(protobuf.Reader.create(body), body.length, type, 1);
  } catch {
    return null;
  }
}
