import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/** A retail chain ('prisma', 'kmarket' …) with its display name and group (S, K or L). */
@Entity({ schema: 'stores', name: 'chains' })
@Check('chains_group_type_check', `group_type IN ('S', 'K', 'L')`)
export class ChainEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'chains_pkey' })
  id!: string;

  @Column({ type: 'text', name: 'display_name' })
  displayName!: string;

  @Column({ type: 'character', length: 1, name: 'group_type' })
  groupType!: 'S' | 'K' | 'L';
}
