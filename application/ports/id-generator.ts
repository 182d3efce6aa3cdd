/** Mints server ids: `<prefix>_<time-sortable unique suffix>`. */
export interface IdGenerator {
  next(prefix: string): string;
}
