/** The value of one sample line (`name{labels} value`) of Prometheus's text format, 0 when absent. */
export function sample(text: string, name: string, labels: Record<string, string>): number {
  const line = text
    .split('\n')
    .find(
      (row) =>
        row.startsWith(`${name}{`) && Object.entries(labels).every(([key, value]) => row.includes(`${key}="${value}"`)),
    );
  return line ? Number(line.split(' ').at(-1)) : 0;
}
