import { CatalogPatterns, CategoryDto, CategoryMappingDto, ItemDto, UnmappedCategoryDto } from '@hintakori/catalog-contracts';
import { callService, ServiceCallError } from '@hintakori/platform-messaging';
import { IngestTopics, ItemUpsertedEvent } from '@hintakori/price-ingest-contracts';
import { createTestDatabase, startTestService, testConfig, TestDatabase, TestService } from '@hintakori/testing';
import { Client } from 'pg';
import { lastValueFrom } from 'rxjs';
import { CatalogModule } from '../catalog.module';
import { ItemUpsert, ItemUpsertProjection, parseItemUpsertedEvent } from './item-upsert.projection';

const TREE: [id: number, name: string, slug: string, parent: number | null][] = [
  [1, 'Maito, juusto, munat ja rasvat', 'maito-juusto-munat-ja-rasvat', null],
  [10, 'Maidot', 'maidot', 1],
  [11, 'Juustot', 'juustot', 1],
  [2, 'Hedelmät ja vihannekset', 'hedelmat-ja-vihannekset', null],
  [20, 'Hedelmät', 'hedelmat', 2],
  [3, 'Juomat', 'juomat', null],
  [30, 'Maidot', 'maidot', 3],
];

function event(itemId: number, path: string[], observedAt = '2026-01-10T08:00:00.000Z', overrides: Partial<ItemUpsertedEvent> = {}): ItemUpsertedEvent {
  return {
    itemId,
    ean: `64${String(itemId).padStart(11, '0')}`,
    name: `Tuote ${itemId}`,
    urlSlug: `tuote-${itemId}`,
    pictureUrl: null,
    brandName: 'Merkki',
    originCountry: null,
    description: null,
    ingredients: null,
    nutritionalContent: [{ name: 'Energia', value: '100 kcal', ri: null }],
    priceUnit: 'kpl',
    comparisonPriceUnit: 'kg',
    category: { externalType: 's-group', externalId: path.join(' > '), name: path[path.length - 1], path },
    observedAt,
    source: 's-group',
    ...overrides,
  };
}

/** The error a call fails with; a call that succeeds fails the test. */
async function failure(call: Promise<unknown>): Promise<ServiceCallError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ServiceCallError) return error;
    throw error;
  }
  throw new Error('The call was expected to fail');
}

function parsed(input: ItemUpsertedEvent): ItemUpsert {
  const result = parseItemUpsertedEvent(input);
  if (!result.ok) throw new Error(result.reason);
  return result.event;
}

describe('items.upserted projection and category mappings (integration)', () => {
  let db: TestDatabase;
  let service: TestService;
  let projection: ItemUpsertProjection;
  let sql: Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    service = await startTestService(CatalogModule.forRoot(testConfig(db.url), { seedFromFeed: false }));
    projection = service.app.get(ItemUpsertProjection);
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    await sql.query('INSERT INTO catalog.categories (id, name, slug, parent_category_id) SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::int[])', [
      TREE.map((c) => c[0]),
      TREE.map((c) => c[1]),
      TREE.map((c) => c[2]),
      TREE.map((c) => c[3]),
    ]);
    await sql.query(`SELECT setval(pg_get_serial_sequence('catalog.categories', 'id'), 100)`);
  });

  afterAll(async () => {
    await sql?.end();
    await service?.close();
    await db?.drop();
  });

  const categoryOf = async (itemId: number): Promise<number | null> =>
    (await sql.query('SELECT category_id FROM catalog.items WHERE id = $1', [itemId])).rows[0]?.category_id ?? null;
  const muutId = async (): Promise<number | undefined> =>
    (await sql.query(`SELECT id FROM catalog.categories WHERE slug = 'muut' AND parent_category_id IS NULL`)).rows[0]?.id;
  const snapshot = async () => ({
    items: (await sql.query('SELECT * FROM catalog.items ORDER BY id')).rows,
    sources: (await sql.query('SELECT * FROM catalog.source_categories ORDER BY external_type, external_id')).rows,
    categories: (await sql.query('SELECT * FROM catalog.categories ORDER BY id')).rows,
  });

  it('places items by a name path match, case- and accent-insensitively, the full path winning over the leaf', async () => {
    await projection.applyItemUpserts([
      parsed(event(1, ['MAITO, JUUSTO, MUNAT JA RASVAT', 'maidot'])),
      parsed(event(2, ['Maitotuotteet', 'Juustot'])),
      parsed(event(3, ['Juomat', 'Maidot'])),
      parsed(event(4, ['Jotain muuta', 'Maidot'])),
      parsed(event(5, ['Hedelmat ja vihannekset', 'Hedelmat'])),
      parsed(event(6, ['Hedelmät'])),
    ]);
    expect(await Promise.all([1, 2, 3, 4, 5, 6].map(categoryOf))).toEqual([10, 11, 30, 10, 20, 20]);
    expect(await muutId()).toBeUndefined();
  });

  it('finds an item by a scanned EAN in the forms feeds write it (EAN-13, GTIN-14, UPC-A, EAN-8), the lowest id of a shared code', async () => {
    await projection.applyItemUpserts([
      parsed(event(201, ['Juomat', 'Maidot'], undefined, { ean: '06408430000036' })),
      parsed(event(202, ['Juomat', 'Maidot'], undefined, { ean: '036000291452' })),
      parsed(event(203, ['Juomat', 'Maidot'], undefined, { ean: '96385074' })),
      parsed(event(204, ['Juomat', 'Maidot'], undefined, { ean: '4006381333931' })),
      parsed(event(205, ['Juomat', 'Maidot'], undefined, { ean: '4006381333931' })),
    ]);
    const byEan = (ean: string) => callService<ItemDto>(service.client, CatalogPatterns.GetItemByEan, { ean, storeIds: [] });
    expect((await byEan('6408430000036')).id).toBe(201);
    expect((await byEan('0036000291452')).id).toBe(202);
    expect((await byEan('96385074')).id).toBe(203);
    const shared = await byEan('4006381333931');
    expect(shared).toEqual(await callService<ItemDto>(service.client, CatalogPatterns.GetItem, { id: 204, storeIds: [] }));
    expect(await failure(byEan('4006381333932'))).toMatchObject({ payload: { statusCode: 400 }, message: 'ean 4006381333932 has a wrong check digit: 2, expected 1' });
    expect(await failure(byEan('2000000000015'))).toMatchObject({ payload: { statusCode: 404 }, message: 'No product has the EAN 2000000000015' });
  });

  it('puts an item no mapping or name places into a visible top-level "Muut", created once', async () => {
    await projection.applyItemUpserts([parsed(event(7, ['Lemmikit', 'Koiranruoka'])), parsed(event(8, ['Lemmikit', 'Kissanruoka']))]);
    const muut = await muutId();
    expect(muut).toBeDefined();
    expect(await categoryOf(7)).toBe(muut);
    expect(await categoryOf(8)).toBe(muut);
    await projection.applyItemUpserts([parsed(event(9, ['Kodin tavarat']))]);
    expect((await sql.query(`SELECT count(*)::int AS n FROM catalog.categories WHERE slug = 'muut'`)).rows[0].n).toBe(1);
    const categories = await callService<CategoryDto[]>(service.client, CatalogPatterns.ListCategories, {});
    expect(categories).toContainEqual({ id: muut, name: 'Muut', slug: 'muut', parentCategoryId: null });
    const item = await callService<ItemDto>(service.client, CatalogPatterns.GetItem, { id: 7, storeIds: [] });
    expect(item.itemCategories.map((c) => c.category.slug)).toEqual(['muut']);
  });

  it('changes nothing on a replay or an older event; a newer event wins; a batch keeps the newest of duplicates', async () => {
    const batch = [parsed(event(1, ['MAITO, JUUSTO, MUNAT JA RASVAT', 'maidot'])), parsed(event(7, ['Lemmikit', 'Koiranruoka']))];
    const before = await snapshot();
    expect(await projection.applyItemUpserts(batch)).toBe(0);
    expect(await projection.applyItemUpserts([parsed(event(1, ['Hedelmät'], '2026-01-01T00:00:00.000Z', { name: 'Vanha nimi' }))])).toBe(0);
    expect(await projection.applyItemUpserts([parsed(event(7, ['Uusi lähde'], '2026-01-09T00:00:00.000Z'))])).toBe(0);
    expect(await snapshot()).toEqual(before);

    const changed = await projection.applyItemUpserts([
      parsed(event(1, ['Hedelmät'], '2026-01-12T00:00:00.000Z', { name: 'Uusin' })),
      parsed(event(1, ['Juustot'], '2026-01-11T00:00:00.000Z', { name: 'Välissä' })),
      parsed(event(1, ['Juustot'], '2026-01-12T00:00:00.000Z', { name: 'Sama aika, myöhemmin' })),
    ]);
    expect(changed).toBe(1);
    const row = (await sql.query('SELECT name, category_id, source_category_id, observed_at FROM catalog.items WHERE id = 1')).rows[0];
    expect(row).toMatchObject({ name: 'Uusin', category_id: 20, source_category_id: 'Hedelmät' });
    expect(row.observed_at.toISOString()).toBe('2026-01-12T00:00:00.000Z');
  });

  it('lists feed categories no mapping covers, with item counts', async () => {
    const unmapped = await callService<UnmappedCategoryDto[]>(service.client, CatalogPatterns.ListUnmappedCategories, {});
    const muut = await muutId();
    expect(unmapped).toContainEqual({
      externalType: 's-group',
      externalId: 'Lemmikit > Koiranruoka',
      name: 'Koiranruoka',
      path: ['Lemmikit', 'Koiranruoka'],
      itemCount: 1,
      currentCategoryId: muut,
    });
    expect(unmapped.find((u) => u.externalId === 'Hedelmät')).toMatchObject({ itemCount: 2, currentCategoryId: 20 });
  });

  it('creating a mapping moves the items of that feed category at once, and later items follow it', async () => {
    const created = await callService<CategoryMappingDto>(service.client, CatalogPatterns.CreateCategoryMapping, {
      categoryId: 20,
      externalType: 's-group',
      externalId: 'Lemmikit > Koiranruoka',
    });
    expect(created).toMatchObject({ categoryId: 20, externalType: 's-group', externalId: 'Lemmikit > Koiranruoka', externalName: 'Koiranruoka', itemCount: 1 });
    expect(await categoryOf(7)).toBe(20);
    expect(await categoryOf(8)).toBe(await muutId());

    await projection.applyItemUpserts([parsed(event(10, ['Lemmikit', 'Koiranruoka']))]);
    expect(await categoryOf(10)).toBe(20);
    const list = await callService<CategoryMappingDto[]>(service.client, CatalogPatterns.ListCategoryMappings, {});
    expect(list).toEqual([{ ...created, itemCount: 2 }]);
    const unmapped = await callService<UnmappedCategoryDto[]>(service.client, CatalogPatterns.ListUnmappedCategories, {});
    expect(unmapped.find((u) => u.externalId === 'Lemmikit > Koiranruoka')).toBeUndefined();
  });

  it('answers 404 for an unknown category, 409 for a duplicate and 400 for bad input', async () => {
    const create = (body: unknown) => failure(callService(service.client, CatalogPatterns.CreateCategoryMapping, body));
    const unknown = await create({ categoryId: 9999, externalType: 's-group', externalId: 'Kodin tavarat' });
    expect([unknown.statusCode, unknown.message]).toEqual([404, 'Category 9999 not found']);
    const duplicate = await create({ categoryId: 11, externalType: 's-group', externalId: 'Lemmikit > Koiranruoka' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.message).toContain('already exists');
    for (const body of [
      [],
      'text',
      {},
      { categoryId: 'x', externalType: 'a', externalId: 'b' },
      { categoryId: 1, externalType: ' ', externalId: 'b' },
      { categoryId: 1, externalType: 'a', externalId: 'b'.repeat(1001) },
    ]) {
      expect((await create(body)).statusCode).toBe(400);
    }
    expect(await categoryOf(7)).toBe(20);
  });

  it('deleting a mapping puts its items back where the default placement puts them', async () => {
    const [mapping] = await callService<CategoryMappingDto[]>(service.client, CatalogPatterns.ListCategoryMappings, {});
    const deleted = await callService<CategoryMappingDto>(service.client, CatalogPatterns.DeleteCategoryMapping, { id: mapping.id });
    expect(deleted).toMatchObject({ id: mapping.id, itemCount: 2 });
    expect(await categoryOf(7)).toBe(await muutId());
    expect(await categoryOf(10)).toBe(await muutId());

    // A mapping onto a feed category whose name also matches ours: deleting returns the items to the name match.
    const juustot = await callService<CategoryMappingDto>(service.client, CatalogPatterns.CreateCategoryMapping, {
      categoryId: 30,
      externalType: 's-group',
      externalId: 'Maitotuotteet > Juustot',
    });
    expect(await categoryOf(2)).toBe(30);
    await callService(service.client, CatalogPatterns.DeleteCategoryMapping, { id: juustot.id });
    expect(await categoryOf(2)).toBe(11);

    const missing = await failure(callService(service.client, CatalogPatterns.DeleteCategoryMapping, { id: mapping.id }));
    expect(missing.statusCode).toBe(404);
    const bad = await failure(callService(service.client, CatalogPatterns.DeleteCategoryMapping, { id: 'x' }));
    expect(bad.statusCode).toBe(400);
  });

  it('projects items.upserted events delivered in-process, skipping malformed ones, replays changing nothing', async () => {
    const message = [
      event(11, ['Juomat', 'Maidot']),
      { ...event(12, ['Juomat']), itemId: 'x' },
      { ...event(13, ['Juomat']), name: '' },
      event(14, ['Juomat']),
      { ...event(15, ['Juomat']), name: 'Nolla\u0000merkki' }, // PostgreSQL text cannot hold it: rejected, not retried forever
    ];
    await lastValueFrom(service.client.emit(IngestTopics.ItemsUpserted, message), { defaultValue: undefined });
    expect(await categoryOf(11)).toBe(30);
    expect(await categoryOf(12)).toBeNull();
    expect(await categoryOf(13)).toBeNull();
    expect(await categoryOf(14)).toBe(3);
    expect(await categoryOf(15)).toBeNull();
    const before = await snapshot();
    await lastValueFrom(service.client.emit(IngestTopics.ItemsUpserted, message), { defaultValue: undefined });
    await lastValueFrom(service.client.emit(IngestTopics.ItemsUpserted, message[0]), { defaultValue: undefined });
    expect(await snapshot()).toEqual(before);
    const item = await callService<ItemDto>(service.client, CatalogPatterns.GetItem, { id: 11, storeIds: [] });
    expect(item).toMatchObject({
      name: 'Tuote 11',
      brandName: 'Merkki',
      pictureUrl: '',
      nutritionalContent: [{ name: 'Energia', value: '100 kcal', ri: null }],
    });
    expect(item.itemCategories.map((c) => c.category.id)).toEqual([3, 30]);
  });

  it('takes each field from the best source: a chain’s shop over Open Food Facts over the reporter’s text in Open Prices', async () => {
    const get = async () =>
      (await sql.query(`SELECT name, brand_name, picture_url, field_sources FROM catalog.items WHERE id = 950`)).rows[0] as {
        name: string;
        brand_name: string;
        picture_url: string;
        field_sources: Record<string, { source: string }>;
      };
    const reporter = { source: 'open-prices', name: 'maito kevyt', brandName: '', pictureUrl: null, nutritionalContent: [] };
    await projection.applyItemUpserts([parsed(event(950, ['en:milks'], '2026-01-10T08:00:00.000Z', { ...reporter, category: { externalType: 'open-prices', externalId: 'en:milks', name: 'en:milks', path: ['en:milks'] } }))]);
    expect(await get()).toMatchObject({ name: 'maito kevyt', brand_name: '' });
    // Open Food Facts knows more: its name replaces the reporter's, its brand and picture fill the empty fields.
    const off = { source: 'open-food-facts', name: 'Kevytmaito 1 l', brandName: 'Valio', pictureUrl: 'https://images.example/off.jpg', nutritionalContent: [] };
    expect(await projection.applyItemUpserts([parsed(event(950, ['en:milks'], '2026-01-11T08:00:00.000Z', { ...off, category: { externalType: 'open-food-facts', externalId: 'en:milks', name: 'en:milks', path: ['en:milks'] } }))])).toBe(1);
    expect(await get()).toMatchObject({ name: 'Kevytmaito 1 l', brand_name: 'Valio', picture_url: 'https://images.example/off.jpg' });
    expect((await get()).field_sources.name.source).toBe('open-food-facts');
    // The reporter again changes nothing (a worse source), nor does Open Food Facts replayed.
    expect(await projection.applyItemUpserts([parsed(event(950, ['en:milks'], '2026-01-12T08:00:00.000Z', { ...reporter, name: 'maitoa', category: { externalType: 'open-prices', externalId: 'en:milks', name: 'en:milks', path: ['en:milks'] } }))])).toBe(0);
    expect(await projection.applyItemUpserts([parsed(event(950, ['en:milks'], '2026-01-11T08:00:00.000Z', { ...off, category: { externalType: 'open-food-facts', externalId: 'en:milks', name: 'en:milks', path: ['en:milks'] } }))])).toBe(0);
    // The chain's shop names the product: its fields win, an empty one keeps what open data filled.
    await projection.applyItemUpserts([parsed(event(950, ['Maito'], '2026-01-13T08:00:00.000Z', { source: 's-kaupat', name: 'Valio kevytmaito 1 l', brandName: 'Valio', pictureUrl: null }))]);
    const shop = await get();
    expect(shop).toMatchObject({ name: 'Valio kevytmaito 1 l', picture_url: 'https://images.example/off.jpg' });
    expect(shop.field_sources.name.source).toBe('s-kaupat');
    expect(shop.field_sources.pictureUrl.source).toBe('open-food-facts');
    // And Open Food Facts no longer replaces the shop's name.
    expect(await projection.applyItemUpserts([parsed(event(950, ['en:milks'], '2026-01-14T08:00:00.000Z', { ...off, name: 'Kevytmaito', category: { externalType: 'open-food-facts', externalId: 'en:milks', name: 'en:milks', path: ['en:milks'] } }))])).toBe(0);
    expect((await get()).name).toBe('Valio kevytmaito 1 l');
  });
});
