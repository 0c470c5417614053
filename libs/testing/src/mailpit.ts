import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/** A message as Mailpit's API lists it. */
export interface MailpitSummary {
  ID: string;
  Subject: string;
  To: { Address: string }[];
  Created: string;
}

export interface MailpitMessage extends MailpitSummary {
  Text: string;
  HTML: string;
}

/** Reads the mails a real Mailpit received, through its HTTP API. */
export class MailpitClient {
  constructor(readonly apiUrl: string) {}

  /** Every message to `address`, oldest first. */
  async messagesTo(address: string): Promise<MailpitSummary[]> {
    const response = await fetch(`${this.apiUrl}/api/v1/search?query=${encodeURIComponent(`to:"${address}"`)}&limit=200`);
    if (!response.ok) throw new Error(`Mailpit search answered ${response.status}`);
    const body = (await response.json()) as { messages: MailpitSummary[] };
    return [...body.messages].filter((m) => m.To.some((to) => to.Address.toLowerCase() === address.toLowerCase())).sort((a, b) => a.Created.localeCompare(b.Created));
  }

  async message(id: string): Promise<MailpitMessage> {
    const response = await fetch(`${this.apiUrl}/api/v1/message/${id}`);
    if (!response.ok) throw new Error(`Mailpit message ${id} answered ${response.status}`);
    return (await response.json()) as MailpitMessage;
  }

  async headers(id: string): Promise<Record<string, string[]>> {
    const response = await fetch(`${this.apiUrl}/api/v1/message/${id}/headers`);
    if (!response.ok) throw new Error(`Mailpit headers of ${id} answered ${response.status}`);
    return (await response.json()) as Record<string, string[]>;
  }

  /** Waits until `address` has at least `count` messages and returns them (throws after `timeoutMs`). */
  async waitFor(address: string, count: number, timeoutMs = 30_000): Promise<MailpitSummary[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const messages = await this.messagesTo(address);
      if (messages.length >= count) return messages;
      if (Date.now() > deadline) throw new Error(`${address} has ${messages.length} messages after ${timeoutMs} ms, expected ${count}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

export interface TestMailpit {
  smtpUrl: string;
  client: MailpitClient;
  stop(): Promise<void>;
}

/**
 * Starts a real Mailpit (tools/infra/mailpit.mjs: built once from the Go module proxy) on the given ports
 * (TEST_MAILPIT_SMTP_PORT / TEST_MAILPIT_UI_PORT, default 1125 / 8125) for one test file.
 */
export async function startTestMailpit(ports: { smtp?: number; ui?: number } = {}): Promise<TestMailpit> {
  const smtp = ports.smtp ?? Number(process.env.TEST_MAILPIT_SMTP_PORT ?? 1125);
  const ui = ports.ui ?? Number(process.env.TEST_MAILPIT_UI_PORT ?? 8125);
  const root = path.resolve(__dirname, '../../..');
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'tools/infra/mailpit.mjs')], {
    cwd: root,
    env: { ...process.env, MAILPIT_SMTP_PORT: String(smtp), MAILPIT_UI_PORT: String(ui) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  child.on('exit', () => (exited = true));
  const apiUrl = `http://127.0.0.1:${ui}`;
  // The first run builds Mailpit from source (minutes); later runs start in well under a second.
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    if (/read the mails at/.test(output)) break;
    if (exited) throw new Error(`Mailpit did not start:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`Mailpit did not start in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    smtpUrl: `smtp://127.0.0.1:${smtp}`,
    client: new MailpitClient(apiUrl),
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => (exited ? resolve(undefined) : child.on('exit', resolve)));
    },
  };
}
