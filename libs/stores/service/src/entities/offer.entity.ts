import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { StoreEntity } from './store.entity';

/** A store's current offer on one catalogue item. */
@Entity({ schema: 'stores', name: 'offers' })
@Index('offers_store_id_id_idx', ['storeId', 'id'])
export class OfferEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'offers_pkey' })
  id!: number;

  @Column({ type: 'integer', name: 'store_id' })
  storeId!: number;

  @ManyToOne(() => StoreEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'store_id', foreignKeyConstraintName: 'offers_store_id_fkey' })
  store?: StoreEntity;

  @Column({ type: 'integer', name: 'item_id' })
  itemId!: number;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  image!: string;
}
