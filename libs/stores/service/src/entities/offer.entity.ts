import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A store's offer on one catalogue item. No foreign key to the store: offers and stores arrive on
 * different topics in any order; an offer is only ever read through its store.
 */
@Entity({ schema: 'stores', name: 'offers' })
@Index('offers_store_id_id_idx', ['storeId', 'id'])
export class OfferEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'offers_pkey' })
  id!: number;

  @Column({ type: 'integer', name: 'store_id' })
  storeId!: number;

  @Column({ type: 'integer', name: 'item_id' })
  itemId!: number;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  image!: string;

  /** When the offer ends; an ended offer is not listed. Null: the source did not say. */
  @Column({ type: 'timestamp with time zone', name: 'valid_until', nullable: true })
  validUntil!: Date | null;

  /** Time of the offer event last applied; a newer one wins. Null for seeded offers. */
  @Column({ type: 'timestamp with time zone', name: 'observed_at', nullable: true })
  observedAt!: Date | null;
}
