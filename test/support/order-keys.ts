/** A list's total order keys, newest stored first and oldest first, as orderKeys gives them for the default sort. */
export const newest = [
  { field: 'createdAt', direction: 'desc' },
  { field: 'id', direction: 'desc' },
] as const;
export const oldest = [
  { field: 'createdAt', direction: 'asc' },
  { field: 'id', direction: 'asc' },
] as const;
