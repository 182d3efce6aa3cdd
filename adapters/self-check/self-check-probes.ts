import type { SelfCheckProbes } from '../../application/ports/self-check.ts';
import type { SmtpSettings } from '../mail/smtp-mailer.ts';
import { askServices, serviceUrls } from './http-services.ts';
import { jwksProbe } from './jwks-probe.ts';
import { exercise, type Probe } from './probe.ts';
import { smtpProbe } from './smtp-probe.ts';

export interface SelfCheckSettings {
  readonly timeoutMs: number;
  /** SMTP_HOST and its companions; the relay counts as used once the host is set. */
  readonly smtp: SmtpSettings;
  readonly jwksUrl?: string;
  /** SELF_CHECK_SERVICES (`name=url,…`). */
  readonly services: string;
  /** SELF_CHECK_SERVICE_NAMES (`name,…`): services expected even without a URL. */
  readonly serviceNames: string;
}

/** The API's self-check probes: the mail relay and the marketplace key set when used, and the services over HTTP. */
export class HttpSelfCheckProbes implements SelfCheckProbes {
  private readonly probes: Probe[];
  private readonly urls: Map<string, string>;
  private readonly names: string[];

  constructor(private readonly settings: SelfCheckSettings) {
    const { smtp, jwksUrl } = settings;
    this.probes = [
      ...(smtp.host ? [smtpProbe({ ...smtp, host: smtp.host })] : []),
      ...(jwksUrl ? [jwksProbe(jwksUrl)] : []),
    ];
    this.urls = serviceUrls(settings.services);
    this.names = settings.serviceNames
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
  }

  dependencies() {
    return Promise.all(this.probes.map((probe) => exercise(probe, this.settings.timeoutMs)));
  }

  services() {
    return askServices(this.urls, this.names, this.settings.timeoutMs);
  }
}
