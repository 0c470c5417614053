import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ schema: 'catalog', name: 'categories' })
export class CategoryEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' })
  id!: number;

  @Column('text')
  name!: string;

  @Column('text')
  slug!: string;

  @Column('integer', { name: 'parent_category_id', nullable: true })
  parentCategoryId!: number | null;
}
