import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { StoreEntity } from './store.entity';

/** Opening hours of one date that differ from the regular week (holidays …); overrides that date's regular entry. */
@Entity({ schema: 'stores', name: 'opening_exceptions' })
export class OpeningExceptionEntity {
  @PrimaryColumn({ type: 'integer', name: 'store_id', primaryKeyConstraintName: 'opening_exceptions_pkey' })
  storeId!: number;

  @ManyToOne(() => StoreEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id', foreignKeyConstraintName: 'opening_exceptions_store_id_fkey' })
  store?: StoreEntity;

  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'opening_exceptions_pkey' })
  date!: string;

  @Column({ type: 'time without time zone', nullable: true })
  opens!: string | null;

  @Column({ type: 'time without time zone', nullable: true })
  closes!: string | null;

  @Column({ type: 'boolean', name: 'is_open_all_day', default: false })
  isOpenAllDay!: boolean;

  @Column({ type: 'text', nullable: true })
  description!: string | null;
}
