import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ChainEntity } from './chain.entity';

/**
 * A store. `searchName` and `searchDoc` are the normalised (stores.search_doc) name and
 * name + chain display name + city + address + postal code that the search matches against.
 */
@Entity({ schema: 'stores', name: 'stores' })
@Index('stores_name_id_idx', ['name', 'id'])
@Index('stores_location_idx', { synchronize: false })
@Index('stores_search_doc_trgm_idx', { synchronize: false })
export class StoreEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'stores_pkey' })
  id!: number;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', name: 'url_slug' })
  urlSlug!: string;

  @Column({ type: 'text', name: 'chain_id' })
  chainId!: string;

  @ManyToOne(() => ChainEntity, { nullable: false })
  @JoinColumn({ name: 'chain_id', foreignKeyConstraintName: 'stores_chain_id_fkey' })
  chain?: ChainEntity;

  @Column({ type: 'text', name: 'external_id' })
  externalId!: string;

  @Column({ type: 'text' })
  address!: string;

  @Column({ type: 'text', name: 'postal_code' })
  postalCode!: string;

  @Column({ type: 'text' })
  city!: string;

  @Column({ type: 'double precision' })
  lat!: number;

  @Column({ type: 'double precision' })
  long!: number;

  @Column({ type: 'text', name: 'search_name' })
  searchName!: string;

  @Column({ type: 'text', name: 'search_doc' })
  searchDoc!: string;

  /** The source the store came from ('osm', 's-group', …); null for seeded stores. */
  @Column({ type: 'text', nullable: true })
  source!: string | null;

  /** false: the source's opening hours could not be read. */
  @Column({ type: 'boolean', name: 'hours_known', default: true })
  hoursKnown!: boolean;

  /** When the store was found gone from its source (closed for good); null while open. */
  @Column({ type: 'timestamp with time zone', name: 'closed_at', nullable: true })
  closedAt!: Date | null;

  /** Time of the store event last applied; a newer one wins. Null for seeded stores. */
  @Column({ type: 'timestamp with time zone', name: 'observed_at', nullable: true })
  observedAt!: Date | null;
}
