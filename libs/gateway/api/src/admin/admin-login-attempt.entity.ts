import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Sign-in attempts of one client network (`client:<IPv4 or IPv6 /64>`) or one username (`username:<name>`)
 * in the window ending at `window_ends`. Mirrors migration AdminLoginAttempts.
 */
@Entity({ schema: 'gateway', name: 'admin_login_attempts' })
@Index('admin_login_attempts_window_ends_idx', ['windowEnds'])
@Check('admin_login_attempts_attempts_check', 'attempts >= 0')
export class AdminLoginAttemptEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'admin_login_attempts_pkey' })
  key!: string;

  @Column({ type: 'integer' })
  attempts!: number;

  @Column({ name: 'window_ends', type: 'timestamptz' })
  windowEnds!: Date;
}
