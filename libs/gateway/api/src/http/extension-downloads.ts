import type { NextFunction, Request, Response } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';

const DOWNLOAD = /^\/lisaosa\/(hintakori-(?:chromium|firefox)\.zip)$/;

/**
 * Serves the browser extension's zips (built by `npm run build:extension` into dist/extension) at
 * /lisaosa/hintakori-chromium.zip and /lisaosa/hintakori-firefox.zip, the links of the /lisaosa page.
 */
export function extensionDownloads(extensionRoot: string) {
  const root = path.resolve(extensionRoot);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const match = DOWNLOAD.exec(req.path);
    if (!match) return next();
    const file = path.join(root, match[1]);
    if (!existsSync(file)) {
      res.status(404).type('text/plain; charset=utf-8').send('Laajennusta ei ole vielä käännetty palvelimelle (npm run build:extension).');
      return;
    }
    res.attachment(match[1]);
    res.sendFile(file, { maxAge: '5m', headers: { 'Content-Type': 'application/zip' } }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}
