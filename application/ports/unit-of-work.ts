/** Runs work so that all its writes land together or none does. Nested calls join the outer one. */
export interface UnitOfWork {
  transaction<T>(work: () => Promise<T>): Promise<T>;
}
