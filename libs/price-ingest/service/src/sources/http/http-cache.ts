import type { DataSource } from 'typeorm';

/** A stored answer of an open-data service: the body and the validators for a conditional request. */
export interface CachedAnswer {
  status: number;
  text: string;
  etag: string | null;
  lastModified: string | null;
  /** ISO time the body was fetched (or last confirmed by a 304) from the service. */
  fetchedAt: string;
}

/** Where PoliteHttp keeps answers between runs (key: the URL; for a form POST the URL and the body). */
export interface HttpCacheStore {
  get(key: string): Promise<CachedAnswer | null>;
  put(key: string, entry: CachedAnswer): Promise<void>;
}

/** Only these answers are worth keeping: a product and "no such product" both spare the next request. */
export function isCacheable(status: number): boolean {
  return status === 200 || status === 404;
}

interface CacheRow {
  status: number;
  body: string;
  etag: string | null;
  last_modified: string | null;
  fetched_at: Date | string;
}

/** The HTTP cache in PostgreSQL: table ingest.http_cache (one row per key, replaced on every fetch). */
export class PostgresHttpCache implements HttpCacheStore {
  constructor(private readonly dataSource: DataSource) {}

  async get(key: string): Promise<CachedAnswer | null> {
    const rows: CacheRow[] = await this.dataSource.query(`SELECT status, body, etag, last_modified, fetched_at FROM ingest.http_cache WHERE key = $1`, [key]);
    const row = rows[0];
    if (!row) return null;
    return { status: row.status, text: row.body, etag: row.etag, lastModified: row.last_modified, fetchedAt: new Date(row.fetched_at).toISOString() };
  }

  async put(key: string, entry: CachedAnswer): Promise<void> {
    if (!isCacheable(entry.status)) return;
    await this.dataSource.query(
      `INSERT INTO ingest.http_cache (key, status, body, etag, last_modified, fetched_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (key) DO UPDATE SET status = excluded.status, body = excluded.body, etag = excluded.etag,
         last_modified = excluded.last_modified, fetched_at = excluded.fetched_at`,
      [key, entry.status, entry.text, entry.etag, entry.lastModified, entry.fetchedAt],
    );
  }
}
