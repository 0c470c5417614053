import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { AdminUserEntity } from './admin-user.entity';

/** A signed-in admin browser; only the SHA-256 of the cookie token is kept. Mirrors migration InitGatewayAdmin. */
@Entity({ schema: 'gateway', name: 'admin_sessions' })
@Index('admin_sessions_admin_user_idx', ['adminUserId'])
@Index('admin_sessions_expires_idx', ['expiresAt'])
@Check('admin_sessions_token_hash_check', "token_hash ~ '^[0-9a-f]{64}$'")
export class AdminSessionEntity {
  @PrimaryColumn({ name: 'token_hash', type: 'text', primaryKeyConstraintName: 'admin_sessions_pkey' })
  tokenHash!: string;

  @Column({ name: 'admin_user_id', type: 'integer' })
  @ForeignKey(() => AdminUserEntity, { name: 'admin_sessions_admin_user_id_fkey', onDelete: 'CASCADE' })
  adminUserId!: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}
