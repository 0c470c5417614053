import { Column, Entity, PrimaryColumn } from 'typeorm';

export interface NutrientColumn {
  name: string;
  value: string;
  ri: string | null;
}

/** A product. Ids come from the feeds (price-ingest), so they are not generated here. */
@Entity({ schema: 'catalog', name: 'items' })
export class ItemEntity {
  @PrimaryColumn('integer')
  id!: number;

  @Column('text', { nullable: true })
  ean!: string | null;

  @Column('text')
  name!: string;

  @Column('text', { name: 'url_slug' })
  urlSlug!: string;

  @Column('text', { name: 'picture_url', default: '' })
  pictureUrl!: string;

  @Column('text', { name: 'brand_name', default: '' })
  brandName!: string;

  @Column('text', { name: 'origin_country', default: '' })
  originCountry!: string;

  @Column('text', { default: '' })
  description!: string;

  @Column('text', { default: '' })
  ingredients!: string;

  @Column('jsonb', { name: 'nutritional_content', default: () => `'[]'` })
  nutritionalContent!: NutrientColumn[];

  /** The leaf category the item sits in. */
  @Column('integer', { name: 'category_id', nullable: true })
  categoryId!: number | null;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;

  /** The feed category the item came with (mapping key), null for items seeded without a feed. */
  @Column('text', { name: 'source_category_type', nullable: true })
  sourceCategoryType!: string | null;

  @Column('text', { name: 'source_category_id', nullable: true })
  sourceCategoryId!: string | null;

  /** Time of the item event last applied; a newer event wins. */
  /** Each field's source and when it gave it: `{"name": {"source": "k-group", "at": "…", "open": false}}`. */
  @Column('jsonb', { name: 'field_sources', default: () => `'{}'::jsonb` })
  fieldSources!: Record<string, { source: string; at: string; open: boolean }>;

  @Column('timestamptz', { name: 'observed_at', nullable: true })
  observedAt!: Date | null;

  /** Lower-cased, accent-free name for trigram (typo-tolerant) matching; maintained by PostgreSQL. */
  @Column({
    type: 'text',
    name: 'search_name',
    select: false,
    insert: false,
    update: false,
    generatedType: 'STORED',
    asExpression: 'catalog.search_normalize(name)',
  })
  searchName!: string;

  /** Finnish full-text document (name weight A, brand weight B); maintained by PostgreSQL. */
  @Column({
    type: 'tsvector',
    name: 'search_vector',
    select: false,
    insert: false,
    update: false,
    generatedType: 'STORED',
    asExpression:
      "setweight(to_tsvector('finnish', catalog.search_normalize(name)), 'A') || setweight(to_tsvector('finnish', catalog.search_normalize(brand_name)), 'B')",
  })
  searchVector!: string;
}
