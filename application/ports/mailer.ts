/** One plain-text e-mail. */
export interface MailMessage {
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
}

/** Sends e-mail through the deployment's relay; without a relay, `send` raises Unavailable. */
export interface Mailer {
  /** Whether a relay is configured at all. */
  readonly configured: boolean;
  /** Hands the message to the relay; fails (Unavailable) when the relay does not take it. */
  send(message: MailMessage): Promise<void>;
}
