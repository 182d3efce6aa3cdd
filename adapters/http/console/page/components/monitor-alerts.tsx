import { answered, client, type Schemas } from '../api.ts';
import { count, score, when } from '../format.ts';
import { type Column, DataTable } from './data-table.tsx';
import { Status } from './stat-list.tsx';
import { useLoad } from './use-load.ts';

/** Episodes shown, newest first. */
const EPISODES = 100;

type Rule = Schemas['AlertRule'];
type Episode = Schemas['Alert'];

const ruleColumns = (metricName: (id: string) => string): Column<Rule>[] => [
  { header: 'Metric', cell: (rule) => metricName(rule.metricId) },
  { header: 'Window', width: '6rem', cell: (rule) => rule.window },
  { header: 'Bad score below', width: '9rem', class: 'number', cell: (rule) => score(rule.badScoreBelow) },
  { header: 'Opens at', width: '7rem', class: 'number', cell: (rule) => count(rule.countThreshold) },
  { header: 'Mails', cell: (rule) => rule.emails.join(', ') },
];

const episodeColumns = (ruleName: (id: string) => string): Column<Episode>[] => [
  { header: 'Rule', cell: (episode) => ruleName(episode.ruleId) },
  { header: 'Status', width: '8rem', cell: (episode) => <Status value={episode.status} /> },
  { header: 'Opened', width: '11rem', cell: (episode) => when(episode.openedAt) },
  { header: 'Recovered', width: '11rem', cell: (episode) => when(episode.recoveredAt) },
  { header: 'Peak count', width: '7rem', class: 'number', cell: (episode) => count(episode.peakCount) },
  { header: 'Mail', width: '8rem', cell: (episode) => (episode.mailPending ? 'to be retried' : 'sent') },
];

/** A monitor's alert rules and their episodes (newest first). */
export function MonitorAlerts({
  monitorId,
  metricName,
}: {
  readonly monitorId: string;
  readonly metricName: (id: string) => string;
}) {
  const path = { path: { id: monitorId } };
  const rules = useLoad(
    () => answered(client.GET('/monitors/{id}/alertRules', { params: { ...path, query: { limit: 1000 } } })),
    [monitorId],
  );
  const episodes = useLoad(
    () => answered(client.GET('/monitors/{id}/alerts', { params: { ...path, query: { limit: EPISODES } } })),
    [monitorId],
  );
  const ruleName = (id: string) => {
    const rule = rules.data?.find((row) => row.id === id);
    return rule ? `${metricName(rule.metricId)} · ${rule.window} · below ${score(rule.badScoreBelow)}` : id;
  };
  return (
    <>
      <section>
        <h2>Alert rules</h2>
        <DataTable
          label="Alert rules"
          columns={ruleColumns(metricName)}
          rows={rules.data ?? []}
          rowKey={(rule) => rule.id}
          loading={rules.loading}
          error={rules.error}
          empty="No alert rule: POST /monitors/{id}/alertRules adds one."
          height={220}
        />
      </section>
      <section>
        <h2>Alerts</h2>
        <DataTable
          label="Alerts"
          columns={episodeColumns(ruleName)}
          rows={episodes.data ?? []}
          rowKey={(episode) => episode.id}
          loading={episodes.loading}
          error={episodes.error}
          empty="No alert has opened."
          height={260}
        />
      </section>
    </>
  );
}
