import type { ChainId } from '@hintakori/stores-contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export interface StoreInput {
  id: number;
  name: string;
  urlSlug: string;
  chain: ChainId;
  externalId: string;
  address: string;
  postalCode: string;
  city: string;
  lat: number;
  long: number;
}

export interface WeeklyHoursInput {
  storeId: number;
  weekday: number;
  opens: string | null;
  closes: string | null;
  isOpenAllDay: boolean;
}

export interface OpeningExceptionInput {
  storeId: number;
  date: string;
  opens: string | null;
  closes: string | null;
  isOpenAllDay: boolean;
  description: string | null;
}

export interface OfferInput {
  id: number;
  storeId: number;
  itemId: number;
  name: string;
  image: string;
}

/** Rows per INSERT … SELECT FROM unnest(…): one statement and one round trip per chunk. */
export const IMPORT_CHUNK_SIZE = 5000;

function* chunks<T>(rows: readonly T[], size = IMPORT_CHUNK_SIZE): Generator<T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

function column<T, K extends keyof T>(rows: readonly T[], key: K): T[K][] {
  return rows.map((row) => row[key]);
}

/**
 * Idempotent bulk writes of stores and what hangs off them (the seeder's path, and the path for
 * store upserts from ingest). Each method runs in the caller's transaction. Stores get their
 * normalised search text here, so every writer keeps search in step.
 */
@Injectable()
export class StoreImportRepository {
  async hasStores(manager: EntityManager): Promise<boolean> {
    const rows: unknown[] = await manager.query('SELECT 1 FROM stores.stores LIMIT 1');
    return rows.length > 0;
  }

  async upsertStores(manager: EntityManager, stores: readonly StoreInput[]): Promise<void> {
    for (const chunk of chunks(stores)) {
      await manager.query(
        `INSERT INTO stores.stores (id, name, url_slug, chain_id, external_id, address, postal_code, city, lat, long, search_name, search_doc)
         SELECT v.id, v.name, v.url_slug, v.chain_id, v.external_id, v.address, v.postal_code, v.city, v.lat, v.long,
                stores.search_doc(v.name),
                stores.search_doc(concat_ws(' ', v.name, c.display_name, v.city, v.address, v.postal_code))
         FROM unnest($1::integer[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                     $9::double precision[], $10::double precision[])
              AS v(id, name, url_slug, chain_id, external_id, address, postal_code, city, lat, long)
         LEFT JOIN stores.chains c ON c.id = v.chain_id
         ON CONFLICT (id) DO UPDATE SET
           name = EXCLUDED.name, url_slug = EXCLUDED.url_slug, chain_id = EXCLUDED.chain_id, external_id = EXCLUDED.external_id,
           address = EXCLUDED.address, postal_code = EXCLUDED.postal_code, city = EXCLUDED.city, lat = EXCLUDED.lat,
           long = EXCLUDED.long, search_name = EXCLUDED.search_name, search_doc = EXCLUDED.search_doc`,
        [
          column(chunk, 'id'),
          column(chunk, 'name'),
          column(chunk, 'urlSlug'),
          column(chunk, 'chain'),
          column(chunk, 'externalId'),
          column(chunk, 'address'),
          column(chunk, 'postalCode'),
          column(chunk, 'city'),
          column(chunk, 'lat'),
          column(chunk, 'long'),
        ],
      );
    }
  }

  async upsertWeeklyHours(manager: EntityManager, hours: readonly WeeklyHoursInput[]): Promise<void> {
    for (const chunk of chunks(hours)) {
      await manager.query(
        `INSERT INTO stores.opening_hours (store_id, weekday, opens, closes, is_open_all_day)
         SELECT * FROM unnest($1::integer[], $2::smallint[], $3::time[], $4::time[], $5::boolean[])
         ON CONFLICT (store_id, weekday) DO UPDATE SET
           opens = EXCLUDED.opens, closes = EXCLUDED.closes, is_open_all_day = EXCLUDED.is_open_all_day`,
        [column(chunk, 'storeId'), column(chunk, 'weekday'), column(chunk, 'opens'), column(chunk, 'closes'), column(chunk, 'isOpenAllDay')],
      );
    }
  }

  async upsertExceptions(manager: EntityManager, exceptions: readonly OpeningExceptionInput[]): Promise<void> {
    for (const chunk of chunks(exceptions)) {
      await manager.query(
        `INSERT INTO stores.opening_exceptions (store_id, date, opens, closes, is_open_all_day, description)
         SELECT * FROM unnest($1::integer[], $2::date[], $3::time[], $4::time[], $5::boolean[], $6::text[])
         ON CONFLICT (store_id, date) DO UPDATE SET
           opens = EXCLUDED.opens, closes = EXCLUDED.closes, is_open_all_day = EXCLUDED.is_open_all_day,
           description = EXCLUDED.description`,
        [
          column(chunk, 'storeId'),
          column(chunk, 'date'),
          column(chunk, 'opens'),
          column(chunk, 'closes'),
          column(chunk, 'isOpenAllDay'),
          column(chunk, 'description'),
        ],
      );
    }
  }

  async upsertOffers(manager: EntityManager, offers: readonly OfferInput[], onChunk?: (written: number) => void): Promise<void> {
    let written = 0;
    for (const chunk of chunks(offers)) {
      await manager.query(
        `INSERT INTO stores.offers (id, store_id, item_id, name, image)
         SELECT * FROM unnest($1::integer[], $2::integer[], $3::integer[], $4::text[], $5::text[])
         ON CONFLICT (id) DO UPDATE SET
           store_id = EXCLUDED.store_id, item_id = EXCLUDED.item_id, name = EXCLUDED.name, image = EXCLUDED.image`,
        [column(chunk, 'id'), column(chunk, 'storeId'), column(chunk, 'itemId'), column(chunk, 'name'), column(chunk, 'image')],
      );
      written += chunk.length;
      onChunk?.(written);
    }
  }
}
