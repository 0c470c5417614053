import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { StoreEntity } from './store.entity';

/** Regular opening hours of one ISO weekday (1 = Monday … 7 = Sunday), Europe/Helsinki local time. */
@Entity({ schema: 'stores', name: 'opening_hours' })
@Check('opening_hours_weekday_check', 'weekday BETWEEN 1 AND 7')
export class OpeningHoursEntity {
  @PrimaryColumn({ type: 'integer', name: 'store_id', primaryKeyConstraintName: 'opening_hours_pkey' })
  storeId!: number;

  @ManyToOne(() => StoreEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id', foreignKeyConstraintName: 'opening_hours_store_id_fkey' })
  store?: StoreEntity;

  @PrimaryColumn({ type: 'smallint', primaryKeyConstraintName: 'opening_hours_pkey' })
  weekday!: number;

  @Column({ type: 'time without time zone', nullable: true })
  opens!: string | null;

  @Column({ type: 'time without time zone', nullable: true })
  closes!: string | null;

  @Column({ type: 'boolean', name: 'is_open_all_day', default: false })
  isOpenAllDay!: boolean;
}
