/** The current time as an ISO 8601 UTC string with milliseconds. */
export interface Clock {
  now(): string;
}
