import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One period during which a store's price of an item stayed the same; `validTo` is null while current. */
@Entity({ schema: 'catalog', name: 'price_history' })
export class PriceHistoryEntity {
  @PrimaryColumn('integer', { name: 'item_id' })
  itemId!: number;

  @PrimaryColumn('integer', { name: 'store_id' })
  storeId!: number;

  @PrimaryColumn('timestamptz', { name: 'valid_from' })
  validFrom!: Date;

  @Column('timestamptz', { name: 'valid_to', nullable: true })
  validTo!: Date | null;

  /** Integer cents. */
  @Column('integer')
  price!: number;

  @Column('boolean', { name: 'is_campaign', default: false })
  isCampaign!: boolean;
}
