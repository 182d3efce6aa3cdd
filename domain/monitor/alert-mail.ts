import type { AlertRule } from './alert-rule.ts';

/** What an alert e-mail says, in plain text. */
export interface AlertMail {
  readonly subject: string;
  readonly text: string;
}

/**
 * The e-mail of an alert opening or recovering: the subject names the monitor, the metric and the change; the body
 * the count, the window and the threshold, and the console's monitor page when the public address is known.
 */
export function alertMail(input: {
  readonly transition: 'opened' | 'recovered';
  readonly monitor: { readonly id: string; readonly name: string };
  readonly metricName: string;
  readonly rule: Pick<AlertRule, 'window' | 'badScoreBelow' | 'countThreshold'>;
  readonly count: number;
  readonly publicUrl: string | null;
}): AlertMail {
  const { transition, monitor, metricName, rule, count, publicUrl } = input;
  const lines = [
    transition === 'opened'
      ? `Monitor "${monitor.name}": ${count} evaluations of metric "${metricName}" scored below ${rule.badScoreBelow} in the last ${rule.window}, reaching the threshold of ${rule.countThreshold}.`
      : `Monitor "${monitor.name}": ${count} evaluations of metric "${metricName}" scored below ${rule.badScoreBelow} in the last ${rule.window}; the alert (threshold ${rule.countThreshold}) has recovered.`,
    '',
    `Count: ${count}`,
    `Window: ${rule.window}`,
    `Threshold: ${rule.countThreshold} scores below ${rule.badScoreBelow}`,
  ];
  if (publicUrl) lines.push('', `Monitor: ${publicUrl.replace(/\/+$/, '')}/app/monitors/${monitor.id}`);
  return {
    subject: `[Assay] Monitor "${monitor.name}", metric "${metricName}": alert ${transition}`,
    text: lines.join('\n'),
  };
}
