import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Maps a feed's own category (externalType + externalId) to one of our categories; filled by the admin area. */
@Entity({ schema: 'catalog', name: 'category_mappings' })
export class CategoryMappingEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' })
  id!: number;

  @Column('integer', { name: 'category_id' })
  categoryId!: number;

  @Column('text', { name: 'external_type' })
  externalType!: string;

  @Column('text', { name: 'external_id' })
  externalId!: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
