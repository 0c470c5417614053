import { BasketItem, REFERENCE_BASKET_CATEGORIES, type ReferenceBasketItems } from '@hintakori/catalog-contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * The rule of the basket (REFERENCE_BASKET_CATEGORIES): per everyday category (and its subcategories), the
 * products of its most common comparison unit priced in at least half as many stores as its most widely priced
 * product; of those the lowest average comparison price, then the lowest id.
 */
const CHOOSE_SQL = `
  WITH RECURSIVE wanted AS (
    SELECT id, slug, name FROM catalog.categories WHERE slug = ANY($1::text[])
    UNION ALL
    SELECT c.id, w.slug, w.name FROM catalog.categories c JOIN wanted w ON c.parent_category_id = w.id
  ),
  candidates AS (
    SELECT w.slug, w.name, i.id AS item_id, p.comparison_price_unit AS unit,
           count(*)::int AS stores, round(avg(p.comparison_price))::int AS comparison_price
    FROM wanted w
    JOIN catalog.items i ON i.category_id = w.id
    JOIN catalog.store_prices p ON p.item_id = i.id
    GROUP BY w.slug, w.name, i.id, p.comparison_price_unit
  ),
  units AS (
    SELECT DISTINCT ON (slug) slug, unit FROM candidates GROUP BY slug, unit ORDER BY slug, count(*) DESC, unit
  ),
  comparable AS (
    SELECT c.* FROM candidates c JOIN units u ON u.slug = c.slug AND u.unit = c.unit
  )
  SELECT DISTINCT ON (c.slug) c.slug, c.name, c.item_id AS "itemId", c.stores, c.comparison_price AS "comparisonPrice", c.unit
  FROM comparable c
  WHERE c.stores * 2 >= (SELECT max(m.stores) FROM comparable m WHERE m.slug = c.slug)
  ORDER BY c.slug, c.comparison_price NULLS LAST, c.item_id`;

const KEEP_SQL = `
  INSERT INTO catalog.reference_basket (category_slug, category_name, item_id, store_count, comparison_price, comparison_price_unit)
  SELECT * FROM json_to_recordset($1::json) AS r(slug text, name text, "itemId" integer, stores integer, "comparisonPrice" integer, unit text)
  ON CONFLICT (category_slug) DO NOTHING`;

const READ_SQL = `
  SELECT b.category_slug AS "categorySlug", b.category_name AS "categoryName", b.store_count AS "storeCount",
         b.comparison_price AS "comparisonPrice", b.comparison_price_unit AS "comparisonPriceUnit", b.chosen_at AS "chosenAt",
         json_build_object('id', i.id, 'name', i.name, 'urlSlug', i.url_slug, 'pictureUrl', i.picture_url, 'brandName', i.brand_name) AS item
  FROM catalog.reference_basket b JOIN catalog.items i ON i.id = b.item_id`;

/** The fixed reference basket of the price levels: chosen by the rule the first time a category yields a product, then kept. */
@Injectable()
export class ReferenceBasket {
  constructor(private readonly dataSource: DataSource) {}

  /** The basket in REFERENCE_BASKET_CATEGORIES order; a category that has yielded no product yet is tried again. */
  async items(): Promise<BasketItem[]> {
    let rows = await this.read();
    const missing = REFERENCE_BASKET_CATEGORIES.filter((slug) => !rows.some((row) => row.categorySlug === slug));
    if (missing.length > 0) {
      const chosen: unknown[] = await this.dataSource.query(CHOOSE_SQL, [missing]);
      if (chosen.length > 0) {
        await this.dataSource.query(KEEP_SQL, [JSON.stringify(chosen)]);
        rows = await this.read();
      }
    }
    const order = new Map<string, number>(REFERENCE_BASKET_CATEGORIES.map((slug, index) => [slug, index]));
    return rows.filter((row) => order.has(row.categorySlug)).sort((a, b) => (order.get(a.categorySlug) ?? 0) - (order.get(b.categorySlug) ?? 0));
  }

  /** The basket's products (chosen now if a category has none yet) with their EANs, in basket order. */
  async itemEans(): Promise<ReferenceBasketItems> {
    const basket = await this.items();
    const rows: { id: number; ean: string | null }[] =
      basket.length === 0 ? [] : await this.dataSource.query('SELECT id, ean FROM catalog.items WHERE id = ANY($1::int[])', [basket.map((b) => b.item.id)]);
    const eans = new Map(rows.map((row) => [row.id, row.ean]));
    return { items: basket.map((b) => ({ itemId: b.item.id, ean: eans.get(b.item.id) ?? null, categorySlug: b.categorySlug })) };
  }

  private async read(): Promise<BasketItem[]> {
    const rows: (Omit<BasketItem, 'chosenAt'> & { chosenAt: Date })[] = await this.dataSource.query(READ_SQL);
    return rows.map((row) => ({ ...row, chosenAt: new Date(row.chosenAt).toISOString() }));
  }
}
