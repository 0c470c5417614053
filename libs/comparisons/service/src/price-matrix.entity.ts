import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One cell of the price matrix (mirrors the migration, so schema tooling sees no drift).
 * The hot paths read and write it with raw SQL returning plain rows; this class is never hydrated there.
 */
@Entity({ name: 'price_matrix' })
export class PriceMatrixEntry {
  @PrimaryColumn({ name: 'item_id', type: 'integer' })
  itemId!: number;

  @PrimaryColumn({ name: 'store_id', type: 'integer' })
  storeId!: number;

  /** Cents. */
  @Column({ type: 'integer' })
  price!: number;

  /** Cents per comparison unit. */
  @Column({ name: 'comparison_price', type: 'integer', nullable: true })
  comparisonPrice!: number | null;

  @Column({ name: 'price_unit', type: 'text' })
  priceUnit!: string;

  @Column({ name: 'comparison_price_unit', type: 'text' })
  comparisonPriceUnit!: string;

  @Column({ name: 'is_campaign', type: 'boolean', default: false })
  isCampaign!: boolean;

  /** Cents: the container deposit (pantti) on top of the price when the source gave one. */
  @Column({ type: 'integer', nullable: true })
  deposit!: number | null;

  /** The till terms (migration 1796100000000), each null when the source gave none. Cents. */
  @Column({ name: 'regular_price', type: 'integer', nullable: true })
  regularPrice!: number | null;

  @Column({ name: 'campaign_starts_at', type: 'timestamptz', nullable: true })
  campaignStartsAt!: Date | null;

  @Column({ name: 'campaign_ends_at', type: 'timestamptz', nullable: true })
  campaignEndsAt!: Date | null;

  @Column({ name: 'member_card', type: 'text', nullable: true })
  memberCard!: string | null;

  /** Cents. */
  @Column({ name: 'member_price', type: 'integer', nullable: true })
  memberPrice!: number | null;

  @Column({ name: 'multibuy_quantity', type: 'integer', nullable: true })
  multibuyQuantity!: number | null;

  /** Cents, the whole bundle. */
  @Column({ name: 'multibuy_price', type: 'integer', nullable: true })
  multibuyPrice!: number | null;

  @Column({ name: 'average_weight_grams', type: 'integer', nullable: true })
  averageWeightGrams!: number | null;

  @Column({ name: 'observed_at', type: 'timestamptz' })
  observedAt!: Date;
}
