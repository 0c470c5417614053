import { PriceChange, PriceChanges, PriceChangesRequest } from '@hintakori/catalog-contracts';
import { distinctIds } from '@hintakori/shared-contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * The current prices of the chosen stores that took effect in the last `$2` days, each against the price before:
 * the previous period's price, except where a campaign ended (a campaign period followed by a regular one), where
 * it is the regular price before that campaign — so a campaign ending is a rise only when the price is now above
 * where it was before the campaign, and a change with no earlier regular price to judge it by is left out.
 * Largest change first; `$5` is the category slug (its subcategories included) or null for all.
 */
const CHANGES_SQL = `
  WITH RECURSIVE wanted AS (
    SELECT id FROM catalog.categories WHERE slug = $5::text
    UNION ALL
    SELECT c.id FROM catalog.categories c JOIN wanted w ON c.parent_category_id = w.id
  ),
  changes AS (
    SELECT h.item_id, h.store_id, h.valid_from, h.price, h.is_campaign,
           CASE WHEN p.is_campaign AND NOT h.is_campaign THEN r.price ELSE p.price END AS previous
    FROM catalog.price_history h
    JOIN catalog.price_history p ON p.item_id = h.item_id AND p.store_id = h.store_id AND p.valid_to = h.valid_from
    LEFT JOIN LATERAL (
      SELECT r.price FROM catalog.price_history r
      WHERE r.item_id = h.item_id AND r.store_id = h.store_id AND r.valid_from < p.valid_from AND NOT r.is_campaign
      ORDER BY r.valid_from DESC LIMIT 1
    ) r ON p.is_campaign AND NOT h.is_campaign
    WHERE h.valid_to IS NULL AND h.store_id = ANY($1::int[])
      AND h.valid_from >= $6::timestamptz - make_interval(days => $2::int)
      AND ($5::text IS NULL OR EXISTS (SELECT 1 FROM catalog.items i JOIN wanted w ON w.id = i.category_id WHERE i.id = h.item_id))
  ),
  scored AS (
    SELECT c.*, round((c.price - c.previous) * 100.0 / c.previous, 1)::float8 AS percent
    FROM changes c
    WHERE c.previous > 0 AND CASE WHEN $3::text = 'down' THEN c.price < c.previous ELSE c.price > c.previous END
  ),
  page AS (
    SELECT s.* FROM scored s ORDER BY abs(s.percent) DESC, s.item_id, s.store_id LIMIT $4::int OFFSET $7::int
  )
  SELECT (SELECT count(*)::int FROM scored) AS total,
         coalesce((
           SELECT json_agg(json_build_object(
                    'item', json_build_object('id', i.id, 'name', i.name, 'urlSlug', i.url_slug, 'pictureUrl', i.picture_url, 'brandName', i.brand_name),
                    'storeId', s.store_id, 'previousPrice', s.previous, 'price', s.price, 'changedAt', s.valid_from,
                    'changePercent', s.percent, 'isCampaign', s.is_campaign)
                  ORDER BY abs(s.percent) DESC, s.item_id, s.store_id)
           FROM page s JOIN catalog.items i ON i.id = s.item_id), '[]'::json) AS items`;

@Injectable()
export class PriceChangesService {
  constructor(private readonly dataSource: DataSource) {}

  async changes(request: PriceChangesRequest, now: Date = new Date()): Promise<PriceChanges> {
    const parameters = [distinctIds(request.storeIds), request.days, request.direction, request.limit, request.category ?? null, now.toISOString(), request.offset];
    const [row]: { total: number; items: PriceChange[] }[] = await this.dataSource.query(CHANGES_SQL, parameters);
    return {
      total: row.total,
      limit: request.limit,
      offset: request.offset,
      items: row.items.map((change) => ({ ...change, changedAt: new Date(change.changedAt).toISOString() })),
    };
  }
}
