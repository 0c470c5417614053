import { CatalogPatterns, CategoryDto, ItemDto, ItemsExistResult } from '@hintakori/catalog-contracts';
import { createTestDatabase, startTestService, testConfig, TestDatabase, TestService } from '@hintakori/testing';
import { Client } from 'pg';
import { firstValueFrom } from 'rxjs';
import { CatalogModule } from './catalog.module';

const DAIRY = 'maito-juusto-munat-ja-rasvat';
const UPDATED_AT = '2025-03-01T08:15:30.000Z';

async function loadFixtures(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`
      INSERT INTO catalog.categories (id, name, slug, parent_category_id) VALUES
        (1, 'Maito, juusto, munat ja rasvat', '${DAIRY}', NULL),
        (2, 'Leivät', 'leivat', NULL),
        (10, 'Maidot', 'maidot', 1),
        (11, 'Juustot', 'juustot', 1),
        (12, 'Jäätelöt', 'jaatelot', 1),
        (20, 'Ruisleivät', 'ruisleivat', 2),
        (100, 'Kevytmaidot', 'kevytmaidot', 10),
        (101, 'Kasvijuomat', 'kasvijuomat', 10),
        (110, 'Kovat juustot', 'kovat-juustot', 11)`);
    await client.query(`
      INSERT INTO catalog.items (id, name, url_slug, brand_name, origin_country, description, ingredients, nutritional_content, category_id) VALUES
        (1, 'Valio kevytmaito 1 l', 'valio-kevytmaito-1-l', 'Valio', 'Suomi', 'Kevytmaito', 'maito', '[{"name":"Energia","value":"46 kcal","ri":"2 %"}]', 100),
        (2, 'Arla kevytmaito 1 l', 'arla-kevytmaito-1-l', 'Arla', 'Suomi', '', '', '[]', 100),
        (3, 'Maito 1 l', 'maito-1-l', 'Pirkka', 'Suomi', '', '', '[]', 100),
        (4, 'Emmental juusto 400 g', 'emmental-juusto-400-g', 'Valio', 'Suomi', '', '', '[]', 110),
        (5, 'Oltermanni juusto 900 g', 'oltermanni-juusto-900-g', 'Valio', 'Suomi', '', '', '[]', 110),
        (6, 'Kauramaito 1 l', 'kauramaito-1-l', 'Oatly', 'Ruotsi', '', '', '[]', 101),
        (7, 'Ruisleipä 500 g', 'ruisleipa-500-g', 'Fazer', 'Suomi', '', '', '[]', 20),
        (8, 'Jäätelö vanilja 1 l', 'jaatelo-vanilja-1-l', 'Ingman', 'Suomi', '', '', '[]', 12),
        (9, 'Juustoraaste 150 g', 'juustoraaste-150-g', 'Pirkka', 'Suomi', '', '', '[]', 110)`);
    await client.query(`UPDATE catalog.items SET ean = '6408430000128' WHERE id = 1`);
    // item -> stores with a price: 1: 1,2,3 | 2: 1 | 3: 2 | 4: 1,2 | 5: 1,2,3 | 6: 3 | 7: 1,4 | 8: none | 9: 1,2,3
    await client.query(
      `INSERT INTO catalog.store_prices (item_id, store_id, price, comparison_price, price_unit, comparison_price_unit, is_campaign, updated_at)
       SELECT item_id, store_id, 100 * item_id + store_id, 200 * item_id + store_id, 'kpl', 'l', false, $1
       FROM (VALUES (1, 1), (1, 2), (1, 3), (2, 1), (3, 2), (4, 1), (4, 2), (5, 1), (5, 2), (5, 3), (6, 3), (7, 1), (7, 4), (9, 1), (9, 2), (9, 3)) AS p(item_id, store_id)`,
      [UPDATED_AT],
    );
  } finally {
    await client.end();
  }
}

describe('catalog service (integration)', () => {
  let db: TestDatabase;
  let service: TestService;

  beforeAll(async () => {
    db = await createTestDatabase();
    service = await startTestService(CatalogModule.forRoot(testConfig(db.url)));
    await loadFixtures(db.url);
  });

  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  function send<T>(pattern: string, data: unknown): Promise<T> {
    return firstValueFrom(service.client.send<T>(pattern, data));
  }

  const search = (text: string, storeIds: number[], page = { limit: 50, offset: 0 }) =>
    send<ItemDto[]>(CatalogPatterns.SearchItems, { search: text, storeIds, ...page });
  const names = (items: ItemDto[]) => items.map((item) => item.name);

  describe('ListCategories', () => {
    it('lists every category, top level first, then by parent and Finnish alphabetical name', async () => {
      const categories = await send<CategoryDto[]>(CatalogPatterns.ListCategories, {});
      // Finnish order: 'Juustot' before 'Jäätelöt' (ä comes after z).
      expect(categories.map((c) => c.id)).toEqual([2, 1, 11, 12, 10, 20, 101, 100, 110]);
      expect(categories[0]).toEqual({ id: 2, name: 'Leivät', slug: 'leivat', parentCategoryId: null });
    });
  });

  describe('SearchItems', () => {
    it('finds inflected forms through Finnish stemming', async () => {
      expect(names(await search('maitoa', [1, 2, 3]))).toContain('Maito 1 l');
      expect(names(await search('juustoa', [1, 2, 3]))).toEqual(expect.arrayContaining(['Emmental juusto 400 g', 'Oltermanni juusto 900 g']));
    });

    it('finds items from the first letters while the shopper is typing, best match first', async () => {
      const found = names(await search('mai', [1, 2, 3]));
      expect(found[0]).toBe('Maito 1 l');
      expect(found).toEqual(expect.arrayContaining(['Valio kevytmaito 1 l', 'Arla kevytmaito 1 l', 'Kauramaito 1 l']));
      expect(found).not.toContain('Ruisleipä 500 g');
      expect(names(await search('ruisle', [1]))).toEqual(['Ruisleipä 500 g']);
    });

    it('tolerates a typo and missing umlauts', async () => {
      // Whole-word look-alikes ("juusto") before a compound that merely starts like it.
      const found = names(await search('juutso', [1]));
      expect(found.slice(0, 2).sort()).toEqual(['Emmental juusto 400 g', 'Oltermanni juusto 900 g']);
      expect(found.slice(2)).toEqual(['Juustoraaste 150 g']);
      expect(names(await search('jaatelo', [1]))).toEqual(['Jäätelö vanilja 1 l']);
    });

    it('finds nothing without chosen stores', async () => {
      expect(await search('maito', [])).toEqual([]);
    });

    it('ranks equally relevant items by how many of the chosen stores sell them', async () => {
      // Valio: stores 1, 2, 3; Arla: store 1 only.
      expect(names(await search('kevytmaito', [1, 2, 3]))).toEqual(['Valio kevytmaito 1 l', 'Arla kevytmaito 1 l']);
      // Only store 1 chosen: both available there, so the name decides.
      expect(names(await search('kevytmaito', [1]))).toEqual(['Arla kevytmaito 1 l', 'Valio kevytmaito 1 l']);
    });

    it('ranks whole-word matches above prefix-only matches', async () => {
      // "Juustoraaste" starts with the text and is sold in every chosen store, yet the cheeses named "juusto" come first.
      expect(names(await search('juusto', [1, 2, 3]))).toEqual(['Oltermanni juusto 900 g', 'Emmental juusto 400 g', 'Juustoraaste 150 g']);
    });

    it('puts relevance before availability', async () => {
      // 'Maito 1 l' is sold in one store but is the best match for 'maito'.
      const found = names(await search('maito', [1, 2, 3]));
      expect(found[0]).toBe('Maito 1 l');
      expect(found.slice(1, 3)).toEqual(['Valio kevytmaito 1 l', 'Arla kevytmaito 1 l']);
    });

    it('pages with limit and offset', async () => {
      const all = names(await search('mai', [1, 2, 3]));
      const second = names(await search('mai', [1, 2, 3], { limit: 2, offset: 1 }));
      expect(second).toEqual(all.slice(1, 3));
    });

    it('survives overlong and odd search text', async () => {
      await expect(search(`maito ${'x'.repeat(10_000)}`, [1])).resolves.toEqual(expect.any(Array));
      await expect(search(`' & | ! :* \\ % _ ( )`, [1])).resolves.toEqual([]);
      await expect(search('ja', [1])).resolves.toEqual(expect.any(Array));
    });

    it('rejects storeIds that are not integers with a 400', async () => {
      await expect(search('maito', ['1' as unknown as number])).rejects.toMatchObject({
        statusCode: 400,
        message: 'storeIds must be positive integers, got "1"',
      });
    });
  });

  describe('ItemsByCategory', () => {
    const byCategory = (slugPath: unknown, storeIds: number[], page = { limit: 50, offset: 0 }) =>
      send<ItemDto[]>(CatalogPatterns.ItemsByCategory, { slugPath, storeIds, ...page });

    it('lists the items of a category and all its descendants, most available first, then by name', async () => {
      expect(names(await byCategory([DAIRY], [1, 2, 3]))).toEqual([
        'Juustoraaste 150 g', // 3 stores
        'Oltermanni juusto 900 g', // 3
        'Valio kevytmaito 1 l', // 3
        'Emmental juusto 400 g', // 2
        'Arla kevytmaito 1 l', // 1
        'Kauramaito 1 l', // 1
        'Maito 1 l', // 1
        'Jäätelö vanilja 1 l', // 0
      ]);
      expect(names(await byCategory([DAIRY, 'maidot'], [1, 2, 3]))).toEqual(['Valio kevytmaito 1 l', 'Arla kevytmaito 1 l', 'Kauramaito 1 l', 'Maito 1 l']);
      expect(names(await byCategory([DAIRY, 'maidot', 'kasvijuomat'], [1]))).toEqual(['Kauramaito 1 l']);
    });

    it('pages with limit and offset', async () => {
      expect(names(await byCategory([DAIRY], [1, 2, 3], { limit: 2, offset: 2 }))).toEqual(['Valio kevytmaito 1 l', 'Emmental juusto 400 g']);
    });

    it('answers 404 for a path that is not a chain of parent and child', async () => {
      await expect(byCategory(['maidot'], [1])).rejects.toMatchObject({ statusCode: 404, message: 'Category not found: maidot' });
      await expect(byCategory(['leivat', 'maidot'], [1])).rejects.toMatchObject({ statusCode: 404, message: 'Category not found: leivat/maidot' });
      await expect(byCategory(['ei-ole'], [1])).rejects.toMatchObject({ statusCode: 404, message: 'Category not found: ei-ole' });
    });

    it('answers 400 for a malformed path', async () => {
      await expect(byCategory('maito/maidot', [1])).rejects.toMatchObject({ statusCode: 400 });
    });
  });

  describe('GetItem', () => {
    it('returns the item with its breadcrumb and prices in the requested stores only', async () => {
      const item = await send<ItemDto>(CatalogPatterns.GetItem, { id: 1, storeIds: [3, 2, 4] });
      expect(item).toMatchObject({
        id: 1,
        ean: '6408430000128',
        name: 'Valio kevytmaito 1 l',
        urlSlug: 'valio-kevytmaito-1-l',
        brandName: 'Valio',
        originCountry: 'Suomi',
        nutritionalContent: [{ name: 'Energia', value: '46 kcal', ri: '2 %' }],
      });
      expect(item.itemCategories.map((c) => c.category.slug)).toEqual([DAIRY, 'maidot', 'kevytmaidot']);
      expect(item.itemCategories[2].category).toEqual({ id: 100, name: 'Kevytmaidot', slug: 'kevytmaidot', parentCategoryId: 10 });
      // Store 4 has no price for item 1; store 1 has one but was not asked for.
      expect(item.storeItems).toEqual([
        { storeId: 3, price: 103, comparisonPrice: 203, priceUnit: 'kpl', comparisonPriceUnit: 'l', isEstimated: false, updatedAt: UPDATED_AT, isCampaign: false, lowestPrice30d: null, source: null, deposit: null },
        { storeId: 2, price: 102, comparisonPrice: 202, priceUnit: 'kpl', comparisonPriceUnit: 'l', isEstimated: false, updatedAt: UPDATED_AT, isCampaign: false, lowestPrice30d: null, source: null, deposit: null },
      ]);
    });

    it('returns no prices when no stores are asked for', async () => {
      const item = await send<ItemDto>(CatalogPatterns.GetItem, { id: 7, storeIds: [] });
      expect(item.ean).toBeNull();
      expect(item.storeItems).toEqual([]);
    });

    it('answers 404 for an unknown item and 400 for a malformed id', async () => {
      await expect(send(CatalogPatterns.GetItem, { id: 999, storeIds: [1] })).rejects.toMatchObject({ statusCode: 404, message: 'Item 999 not found' });
      await expect(send(CatalogPatterns.GetItem, { id: 'abc', storeIds: [1] })).rejects.toMatchObject({
        statusCode: 400,
        message: 'id must be a positive integer, got "abc"',
      });
    });
  });

  describe('GetItems', () => {
    it('returns the items in the order asked for, skipping unknown ids', async () => {
      const items = await send<ItemDto[]>(CatalogPatterns.GetItems, { ids: [5, 999, 1, 3], storeIds: [2] });
      expect(items.map((item) => item.id)).toEqual([5, 1, 3]);
      expect(items.map((item) => item.storeItems.map((s) => s.price))).toEqual([[502], [102], [302]]);
    });
  });

  describe('ItemsExist', () => {
    it('names the ids that are not items', async () => {
      await expect(send<ItemsExistResult>(CatalogPatterns.ItemsExist, { ids: [1, 999, 3, 1000] })).resolves.toEqual({ missing: [999, 1000] });
      await expect(send<ItemsExistResult>(CatalogPatterns.ItemsExist, { ids: [] })).resolves.toEqual({ missing: [] });
    });
  });
});
