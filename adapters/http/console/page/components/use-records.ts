import { useEffect, useRef, useState } from 'preact/hooks';

/**
 * Records looked up by id as ids come into view (a table's test cases, its runs' summaries): each id is asked for
 * once, in batches; the map grows as answers come. Failed lookups are left out (the cell shows the id instead).
 */
export function useRecords<T>(ids: readonly string[], fetch: (ids: string[]) => Promise<Map<string, T>>) {
  const [records, setRecords] = useState<ReadonlyMap<string, T>>(new Map());
  const asked = useRef(new Set<string>());
  const key = ids.join(',');
  useEffect(() => {
    const missing = [...new Set(ids)].filter((id) => !asked.current.has(id));
    if (missing.length === 0) return;
    for (const id of missing) asked.current.add(id);
    fetch(missing).then(
      (found) => setRecords((before) => new Map([...before, ...found])),
      () => {},
    );
  }, [key]);
  return records;
}
