import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A store's current price of an item, as last observed by a feed. Money in integer cents. */
@Entity({ schema: 'catalog', name: 'store_prices' })
export class StorePriceEntity {
  @PrimaryColumn('integer', { name: 'item_id' })
  itemId!: number;

  @PrimaryColumn('integer', { name: 'store_id' })
  storeId!: number;

  @Column('integer')
  price!: number;

  @Column('integer', { name: 'comparison_price', nullable: true })
  comparisonPrice!: number | null;

  @Column('text', { name: 'price_unit' })
  priceUnit!: string;

  @Column('text', { name: 'comparison_price_unit' })
  comparisonPriceUnit!: string;

  @Column('boolean', { name: 'is_campaign', default: false })
  isCampaign!: boolean;

  /** The source that observed the current price ('s-group', 'open-prices', …); null for seeded prices. */
  @Column('text', { nullable: true })
  source!: string | null;

  /** Cents: the regular price of a campaign price when the source gave one. */
  @Column('integer', { name: 'regular_price', nullable: true })
  regularPrice!: number | null;

  /** Cents: the container deposit (pantti) on top of the price when the source gave one; never in the price. */
  @Column('integer', { nullable: true })
  deposit!: number | null;

  /** When a campaign price ends, when the source said; null otherwise (every observation replaces it). */
  @Column('timestamptz', { name: 'campaign_ends_at', nullable: true })
  campaignEndsAt!: Date | null;

  /** Cents: the shop's own published lowest price of the 30 days before, when the source gave one; never our own. */
  @Column('integer', { name: 'source_lowest_30d', nullable: true })
  sourceLowest30d!: number | null;

  /** The card of a member price ('k-plussa', 'lidl-plus'), when the source gave one; with member_price. */
  @Column('text', { name: 'member_card', nullable: true })
  memberCard!: string | null;

  /** Cents: the member price for holders of member_card, when the source gave one. */
  @Column('integer', { name: 'member_price', nullable: true })
  memberPrice!: number | null;

  /** Pieces of a multibuy ("2 kpl 5,00 €"), when the source gave one; with multibuy_price. */
  @Column('integer', { name: 'multibuy_quantity', nullable: true })
  multibuyQuantity!: number | null;

  /** Cents: the price of the whole multibuy bundle. */
  @Column('integer', { name: 'multibuy_price', nullable: true })
  multibuyPrice!: number | null;

  /** When a campaign starts, when the source said; null otherwise. */
  @Column('timestamptz', { name: 'campaign_starts_at', nullable: true })
  campaignStartsAt!: Date | null;

  /** The average weight of one piece of a weighed good (grams), when the source gave one. */
  @Column('integer', { name: 'average_weight_grams', nullable: true })
  averageWeightGrams!: number | null;

  /** Observation time of the price (UTC); a newer observation replaces the row, an older or equal one is ignored. */
  @Column('timestamptz', { name: 'updated_at' })
  updatedAt!: Date;
}
