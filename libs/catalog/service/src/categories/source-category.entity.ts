import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A feed's own category as last seen in an item event (for placement by name and the admin area). */
@Entity({ schema: 'catalog', name: 'source_categories' })
export class SourceCategoryEntity {
  @PrimaryColumn('text', { name: 'external_type' })
  externalType!: string;

  @PrimaryColumn('text', { name: 'external_id' })
  externalId!: string;

  @Column('text')
  name!: string;

  @Column('text', { array: true, default: () => `'{}'` })
  path!: string[];

  @Column('timestamptz', { name: 'observed_at' })
  observedAt!: Date;
}
