#!/usr/bin/env node
// Mailpit: the real SMTP server (with a web UI and an HTTP API) that the alerts service sends to in development
// and tests. Built once from the Go module proxy (github.com/axllent/mailpit, pinned in tools/ops/lib.mjs) and
// cached in ~/.cache/hintakori.
//   node tools/infra/mailpit.mjs           run in the foreground (MAILPIT_SMTP_PORT, default 1025; MAILPIT_UI_PORT, default 8025)
// From scripts: startMailpit({ smtpPort, uiPort, detached }) → { smtpUrl, uiUrl, pid, stop() }; confirmationToken(uiUrl, email).
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { ensureGoTool } from '../ops/lib.mjs';
import { portOpen, sleep, stopChild } from '../runtime/lib.mjs';

export const MAILPIT_DEFAULTS = Object.freeze({
  smtpPort: Number(process.env.MAILPIT_SMTP_PORT ?? 1025),
  uiPort: Number(process.env.MAILPIT_UI_PORT ?? 8025),
});

/**
 * Starts Mailpit on 127.0.0.1 (messages kept in memory, at most 1,000; no GitHub version check) and waits until its API answers.
 * `detached` leaves it running after this process exits (npm run stack); otherwise it stops with it.
 */
export async function startMailpit({ smtpPort = MAILPIT_DEFAULTS.smtpPort, uiPort = MAILPIT_DEFAULTS.uiPort, detached = false, stdio = 'ignore', log = () => undefined } = {}) {
  const binary = await ensureGoTool('mailpit');
  const uiUrl = `http://127.0.0.1:${uiPort}`;
  const smtpUrl = `smtp://127.0.0.1:${smtpPort}`;
  if (await portOpen(smtpPort)) throw new Error(`port ${smtpPort} is already in use: set MAILPIT_SMTP_PORT (or SMTP_URL to use that server)`);
  const child = spawn(binary, ['--smtp', `127.0.0.1:${smtpPort}`, '--listen', `127.0.0.1:${uiPort}`, '--smtp-auth-accept-any', '--smtp-auth-allow-insecure', '--max', '1000', '--quiet', '--disable-version-check'], {
    stdio,
    detached,
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const response = await fetch(`${uiUrl}/api/v1/info`);
      if (response.ok && (await portOpen(smtpPort))) break;
    } catch {
      // not up yet
    }
    if (exited) throw new Error(`mailpit exited at start (ports ${smtpPort}/${uiPort} in use?)`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('mailpit did not answer within 30 s');
    }
    await sleep(200);
  }
  if (detached) child.unref();
  log(`Mailpit: SMTP ${smtpUrl}, read the mails at ${uiUrl}`);
  return {
    smtpUrl,
    uiUrl,
    pid: child.pid,
    stop: () => stopChild(child),
  };
}

/** The token of a price alert's confirmation link (/hintavahti/vahvista/<token>) in Mailpit's first mail to `email`. */
export async function confirmationToken(uiUrl, email, { timeoutMs = 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const search = await (await fetch(`${uiUrl}/api/v1/search?query=${encodeURIComponent(`to:"${email}"`)}`)).json();
    const [message] = search.messages ?? [];
    if (message) {
      const { Text } = await (await fetch(`${uiUrl}/api/v1/message/${message.ID}`)).json();
      const token = /\/hintavahti\/vahvista\/([A-Za-z0-9_-]{43})/.exec(Text)?.[1];
      if (!token) throw new Error(`no confirmation link in the mail to ${email}`);
      return token;
    }
    if (Date.now() > deadline) throw new Error(`no confirmation mail to ${email} within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const mailpit = await startMailpit({ stdio: 'inherit', log: (line) => console.log(`[mailpit] ${line}`) });
  const stop = async () => {
    await mailpit.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
