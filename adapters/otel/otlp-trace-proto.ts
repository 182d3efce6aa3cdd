import protobuf from 'protobufjs';

/**
 * The subset of the OTLP trace protocol (opentelemetry/proto/collector/trace/v1 and its trace, resource and common
 * messages) this service reads; fields it does not list (links, events) are skipped when decoding.
 */
const SOURCE = `
syntax = "proto3";
package opentelemetry.proto;

message AnyValue {
  oneof value {
    string string_value = 1;
    bool bool_value = 2;
    int64 int_value = 3;
    double double_value = 4;
    ArrayValue array_value = 5;
    KeyValueList kvlist_value = 6;
    bytes bytes_value = 7;
  }
}
message ArrayValue { repeated AnyValue values = 1; }
message KeyValueList { repeated KeyValue values = 1; }
message KeyValue { string key = 1; AnyValue value = 2; }
message InstrumentationScope { string name = 1; string version = 2; repeated KeyValue attributes = 3; uint32 dropped_attributes_count = 4; }
message Resource { repeated KeyValue attributes = 1; uint32 dropped_attributes_count = 2; }

message Status { string message = 2; int32 code = 3; }
message Span {
  bytes trace_id = 1;
  bytes span_id = 2;
  string trace_state = 3;
  bytes parent_span_id = 4;
  fixed32 flags = 16;
  string name = 5;
  int32 kind = 6;
  fixed64 start_time_unix_nano = 7;
  fixed64 end_time_unix_nano = 8;
  repeated KeyValue attributes = 9;
  uint32 dropped_attributes_count = 10;
  uint32 dropped_events_count = 12;
  uint32 dropped_links_count = 14;
  Status status = 15;
}
message ScopeSpans { InstrumentationScope scope = 1; repeated Span spans = 2; string schema_url = 3; }
message ResourceSpans { Resource resource = 1; repeated ScopeSpans scope_spans = 2; string schema_url = 3; }

message ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }
message ExportTracePartialSuccess { int64 rejected_spans = 1; string error_message = 2; }
message ExportTraceServiceResponse { ExportTracePartialSuccess partial_success = 1; }
`;

const root = protobuf.parse(SOURCE, { keepCase: false }).root;

export const ExportTraceServiceRequest = root.lookupType('opentelemetry.proto.ExportTraceServiceRequest');
export const ExportTraceServiceResponse = root.lookupType('opentelemetry.proto.ExportTraceServiceResponse');
