import { Check, Column, Entity, ForeignKey, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One cart, owned by the anonymous browser that created it. Mirrors migration InitCartsSchema. */
@Entity({ schema: 'carts', name: 'carts' })
@Index('carts_owner_updated_idx', ['ownerId', 'updatedAt'])
@Index('carts_source_cart_idx', ['sourceCartId'], { where: 'source_cart_id IS NOT NULL' })
@Check('carts_owner_id_check', 'char_length(owner_id) BETWEEN 1 AND 64')
export class CartEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'carts_pkey' })
  id!: string;

  @Column({ name: 'owner_id', type: 'text' })
  ownerId!: string;

  /** The cart this one was copied from when another browser edited a shared cart. */
  @Column({ name: 'source_cart_id', type: 'uuid', nullable: true })
  @ForeignKey(() => CartEntity, { name: 'carts_source_cart_id_fkey', onDelete: 'SET NULL' })
  sourceCartId!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
