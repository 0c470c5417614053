import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * pg_trgm and unaccent are database-wide and may be created at the same moment by another
 * service's migration; a savepoint turns losing that race into a no-op. They live in `public`,
 * and every use below is schema-qualified so nobody's search_path matters.
 */
async function ensureExtension(queryRunner: QueryRunner, name: 'pg_trgm' | 'unaccent'): Promise<void> {
  const schemaOf = async (): Promise<string | undefined> =>
    ((await queryRunner.query('SELECT extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = $1', [name])) as { schema: string }[])[0]
      ?.schema;
  let schema = await schemaOf();
  if (!schema) {
    await queryRunner.query('SAVEPOINT ensure_extension');
    try {
      await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS ${name} WITH SCHEMA public`);
      await queryRunner.query('RELEASE SAVEPOINT ensure_extension');
    } catch (error) {
      await queryRunner.query('ROLLBACK TO SAVEPOINT ensure_extension');
      if (!(await schemaOf())) throw error;
    }
    schema = await schemaOf();
  }
  if (schema !== 'public') throw new Error(`The ${name} extension is installed in schema "${schema}"; the stores service expects it in "public"`);
}

const CHAINS: [id: string, displayName: string, groupType: 'S' | 'K' | 'L'][] = [
  ['prisma', 'Prisma', 'S'],
  ['s-market', 'S-Market', 'S'],
  ['alepa', 'Alepa', 'S'],
  ['sale', 'Sale', 'S'],
  ['abc', 'ABC', 'S'],
  ['herkku', 'Herkku', 'S'],
  ['kcitymarket', 'K-Citymarket', 'K'],
  ['ksupermarket', 'K-Supermarket', 'K'],
  ['kmarket', 'K-Market', 'K'],
  ['nokm', 'Neste K', 'K'],
  ['lidl', 'Lidl', 'L'],
];

export class InitStoresSchema1763900000000 implements MigrationInterface {
  name = 'InitStoresSchema1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await ensureExtension(queryRunner, 'pg_trgm');
    await ensureExtension(queryRunner, 'unaccent');

    // The one normalisation of search text, stored and asked: lower case, no accents ('Töölö' ->
    // 'toolo'), apostrophes dropped, any other punctuation (hyphens too) a single space, so a slug
    // like 'k-market-kallio' reads as the words 'k market kallio'.
    await queryRunner.query(`
      CREATE FUNCTION stores.search_key(value text) RETURNS text
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        RETURN btrim(regexp_replace(
          regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, value)), '[''\`´’]', '', 'g'),
          '[^a-z0-9]+', ' ', 'g'))`);
    // Stored text also carries each hyphenated word joined up, so 'kmarket' and 'etutoolo' match
    // 'K-Market' and 'Etu-Töölö' as well as 'k market' and 'etu toolo' do.
    await queryRunner.query(`
      CREATE FUNCTION stores.search_doc(value text) RETURNS text
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        RETURN concat_ws(' ', stores.search_key(value), (
          SELECT string_agg(replace(m[1], '-', ''), ' ')
          FROM regexp_matches(
            regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, value)), '[''\`´’]', '', 'g'),
            '([a-z0-9]+(-[a-z0-9]+)+)', 'g') AS m))`);

    await queryRunner.query(`
      CREATE TABLE stores.chains (
        id text NOT NULL,
        display_name text NOT NULL,
        group_type character(1) NOT NULL,
        CONSTRAINT chains_pkey PRIMARY KEY (id),
        CONSTRAINT chains_group_type_check CHECK (group_type IN ('S', 'K', 'L'))
      )`);
    await queryRunner.query('INSERT INTO stores.chains (id, display_name, group_type) SELECT * FROM unnest($1::text[], $2::text[], $3::text[])', [
      CHAINS.map((c) => c[0]),
      CHAINS.map((c) => c[1]),
      CHAINS.map((c) => c[2]),
    ]);

    await queryRunner.query(`
      CREATE TABLE stores.stores (
        id integer NOT NULL,
        name text NOT NULL,
        url_slug text NOT NULL,
        chain_id text NOT NULL,
        external_id text NOT NULL,
        address text NOT NULL,
        postal_code text NOT NULL,
        city text NOT NULL,
        lat double precision NOT NULL,
        long double precision NOT NULL,
        search_name text NOT NULL,
        search_doc text NOT NULL,
        CONSTRAINT stores_pkey PRIMARY KEY (id),
        CONSTRAINT stores_chain_id_fkey FOREIGN KEY (chain_id) REFERENCES stores.chains (id)
      )`);
    // Minimal list paging and the empty search: ORDER BY name, id.
    await queryRunner.query('CREATE INDEX stores_name_id_idx ON stores.stores (name, id)');
    // Bounding-box lookups: point(long, lat) <@ box(...).
    await queryRunner.query('CREATE INDEX stores_location_idx ON stores.stores USING gist (point(long, lat))');
    // Substring (LIKE '%x%') and typo (<%) search. GiST rather than GIN: the planner costs the
    // word-similarity operator as cheap and would scan every row through GIN, which is ~10x slower.
    await queryRunner.query('CREATE INDEX stores_search_doc_trgm_idx ON stores.stores USING gist (search_doc public.gist_trgm_ops)');

    await queryRunner.query(`
      CREATE TABLE stores.opening_hours (
        store_id integer NOT NULL,
        weekday smallint NOT NULL,
        opens time without time zone,
        closes time without time zone,
        is_open_all_day boolean NOT NULL DEFAULT false,
        CONSTRAINT opening_hours_pkey PRIMARY KEY (store_id, weekday),
        CONSTRAINT opening_hours_weekday_check CHECK (weekday BETWEEN 1 AND 7),
        CONSTRAINT opening_hours_store_id_fkey FOREIGN KEY (store_id) REFERENCES stores.stores (id) ON DELETE CASCADE
      )`);

    await queryRunner.query(`
      CREATE TABLE stores.opening_exceptions (
        store_id integer NOT NULL,
        date date NOT NULL,
        opens time without time zone,
        closes time without time zone,
        is_open_all_day boolean NOT NULL DEFAULT false,
        description text,
        CONSTRAINT opening_exceptions_pkey PRIMARY KEY (store_id, date),
        CONSTRAINT opening_exceptions_store_id_fkey FOREIGN KEY (store_id) REFERENCES stores.stores (id) ON DELETE CASCADE
      )`);

    await queryRunner.query(`
      CREATE TABLE stores.offers (
        id integer NOT NULL,
        store_id integer NOT NULL,
        item_id integer NOT NULL,
        name text NOT NULL,
        image text NOT NULL,
        CONSTRAINT offers_pkey PRIMARY KEY (id),
        CONSTRAINT offers_store_id_fkey FOREIGN KEY (store_id) REFERENCES stores.stores (id) ON DELETE CASCADE
      )`);
    await queryRunner.query('CREATE INDEX offers_store_id_id_idx ON stores.offers (store_id, id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE stores.offers');
    await queryRunner.query('DROP TABLE stores.opening_exceptions');
    await queryRunner.query('DROP TABLE stores.opening_hours');
    await queryRunner.query('DROP TABLE stores.stores');
    await queryRunner.query('DROP TABLE stores.chains');
    await queryRunner.query('DROP FUNCTION stores.search_doc(text)');
    await queryRunner.query('DROP FUNCTION stores.search_key(text)');
  }
}
