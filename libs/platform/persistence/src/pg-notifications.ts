import { Client, type Notification } from 'pg';

/** What a PgNotificationListener tells its owner. */
export interface PgNotificationHandlers {
  /**
   * Connected, before LISTEN: notifications of this connection may follow at once (even before `listening`), so an
   * owner that loads a copy of a table starts buffering here.
   */
  connected?(): void;
  /** LISTEN done on every channel; `generation` counts the connections that got this far (a later one has a higher number). */
  listening(generation: number): void | Promise<void>;
  /** A notification of the current connection. */
  notification(channel: string, payload: string): void;
  /**
   * The connection failed or was lost: notifications may have been missed, so a copy kept by them is stale. Called once
   * per connection (not after stop()); the listener reconnects after the retry delay by itself.
   */
  lost(error: Error): void;
}

export interface PgNotificationOptions {
  connectionString: string;
  /** application_name of the connection (pg_stat_activity shows who listens). */
  applicationName: string;
  channels: readonly string[];
  /** Delay before reconnecting after a failure or a loss (default 5 s). */
  retryMs?: number;
}

/**
 * One PostgreSQL connection that LISTENs on some channels for a cache kept equal to a table by its triggers' NOTIFY:
 * it passes the notifications on, says when it is listening (after each reconnect too, with a new generation) and when
 * it lost the connection, and reconnects until stopped. PostgreSQL delivers notifications at commit, in commit order,
 * and only to a connection that was listening, so what a loss or a reconnect means for the copy is the owner's to decide.
 */
export class PgNotificationListener {
  private client?: Client;
  private live = false;
  private connections = 0;
  private retryTimer?: NodeJS.Timeout;
  private stopped = false;
  private connecting?: Promise<void>;

  constructor(
    private readonly options: PgNotificationOptions,
    private readonly handlers: PgNotificationHandlers,
  ) {}

  /** Whether a connection is up and listening. */
  get isListening(): boolean {
    return this.live;
  }

  /** The generation of the current (or last) listening connection, as `listening` was told it. */
  get generation(): number {
    return this.connections;
  }

  /** Connects and listens (resolves once `listening` was called and returned, or after a failure was reported). */
  start(): Promise<void> {
    if (this.stopped || this.client) return this.connecting ?? Promise.resolve();
    this.connecting = this.connect().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  /** Drops the connection as if it was lost (reporting `error`) and reconnects after `delayMs`. */
  restart(error: Error, delayMs = this.options.retryMs ?? 5000): void {
    if (this.client) this.onLost(this.client, error, delayMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    this.live = false;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.options.connectionString, application_name: this.options.applicationName });
    client.on('notification', (message: Notification) => {
      if (this.client === client) this.handlers.notification(message.channel, message.payload ?? '');
    });
    client.on('error', (error: Error) => this.onLost(client, error));
    client.on('end', () => this.onLost(client, new Error('connection ended')));
    this.client = client;
    try {
      await client.connect();
      if (this.client !== client) return;
      this.handlers.connected?.();
      for (const channel of this.options.channels) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      this.onLost(client, error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (this.client !== client) return;
    this.live = true;
    this.connections += 1;
    await this.handlers.listening(this.connections);
  }

  private onLost(client: Client, error: Error, delayMs = this.options.retryMs ?? 5000): void {
    if (this.client !== client || this.stopped) return;
    this.client = undefined;
    this.live = false;
    void client.end().catch(() => undefined);
    this.handlers.lost(error);
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.start(), delayMs);
    this.retryTimer.unref();
  }
}
