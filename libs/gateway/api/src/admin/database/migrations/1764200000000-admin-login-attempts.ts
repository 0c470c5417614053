import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-in attempts per client network and per username in a fixed window, counted by one atomic
 * upsert before any password is checked (AdminSessionsService.login), so that parallel guesses cannot
 * all pass a check made before the count. Shared by every gateway replica.
 */
export class AdminLoginAttempts1764200000000 implements MigrationInterface {
  name = 'AdminLoginAttempts1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE gateway.admin_login_attempts (
        key text NOT NULL,
        attempts integer NOT NULL,
        window_ends timestamptz NOT NULL,
        CONSTRAINT admin_login_attempts_pkey PRIMARY KEY (key),
        CONSTRAINT admin_login_attempts_attempts_check CHECK (attempts >= 0)
      )`);
    // Removing ended windows at each sign-in.
    await queryRunner.query('CREATE INDEX admin_login_attempts_window_ends_idx ON gateway.admin_login_attempts (window_ends)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE gateway.admin_login_attempts');
  }
}
