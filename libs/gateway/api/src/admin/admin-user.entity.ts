import { Check, Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

/** An administrator who may edit category mappings. Mirrors migration InitGatewayAdmin. */
@Entity({ schema: 'gateway', name: 'admin_users' })
@Unique('admin_users_username_key', ['username'])
@Check('admin_users_username_check', "username ~ '^[a-z0-9._-]{3,64}$'")
@Check('admin_users_password_hash_check', "password_hash LIKE 'scrypt$%'")
export class AdminUserEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT', primaryKeyConstraintName: 'admin_users_pkey' })
  id!: number;

  @Column({ type: 'text' })
  username!: string;

  /** scrypt$N$r$p$salt$hash — see password.ts. */
  @Column({ name: 'password_hash', type: 'text' })
  passwordHash!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
