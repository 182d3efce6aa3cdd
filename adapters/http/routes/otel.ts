import { z } from 'zod';
import type { UseCases } from '../../../application/use-cases.ts';
import { decodeOtlpTraces, otlpResponseJson, otlpResponseProtobuf } from '../../otel/otlp-decoder.ts';
import { route, type RouteSpec } from '../route-spec.ts';

const PROTOBUF = 'application/x-protobuf';

const exportResponse = z
  .object({ partialSuccess: z.object({ rejectedSpans: z.number().int(), errorMessage: z.string() }).optional() })
  .meta({ id: 'OtlpExportTraceServiceResponse' });

/** The OpenTelemetry OTLP/HTTP trace receiver. */
export function otelRoutes(useCases: UseCases): RouteSpec[] {
  return [
    route({
      method: 'post',
      path: '/otel/v1/traces',
      tag: 'OpenTelemetry',
      status: 200,
      summary: 'Receive OTLP/HTTP trace exports (JSON or protobuf, gzip allowed)',
      description:
        'Spans go to the inference result named by assay.inference_result.id, or to one inference result per ' +
        'OTel trace in the session named by assay.session.id (or session.id / gen_ai.conversation.id together ' +
        'with assay.version.id, opening the session when absent). ' +
        'Refused spans (malformed ids or times included) are reported in partialSuccess; more than 10000 ' +
        'spans is a 400; the answer is protobuf when the request was.',
      bodyKind: 'binary',
      consumes: ['application/json', PROTOBUF],
      response: exportResponse,
      errors: [400, 403, 413, 415],
      handle: async ({ actor, body, ctx }) => {
        const protobuf = ctx.is(PROTOBUF) === PROTOBUF;
        const outcome = await useCases.ingestOtelSpans.execute(
          actor,
          decodeOtlpTraces(body as Buffer, protobuf ? 'protobuf' : 'json'),
        );
        if (!protobuf) return otlpResponseJson(outcome);
        ctx.status = 200;
        ctx.type = PROTOBUF;
        ctx.body = otlpResponseProtobuf(outcome);
        return undefined;
      },
    }),
  ];
}
