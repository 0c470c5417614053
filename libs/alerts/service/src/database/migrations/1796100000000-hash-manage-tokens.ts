import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Manage tokens are kept only as their SHA-256 (like the confirmation tokens): a copy of the database opens nobody's
 * watches. A subscriber has one token per mail that carried one (the confirmation answer and every price-drop mail
 * mint a new one, since the plain token cannot be read back), each working until the address is erased. The token
 * of each existing subscriber is hashed into the new table, so the links in mails already sent keep working.
 * `confirmations_created_idx` serves the global hourly budget of confirmation mails.
 */
export class HashManageTokens1796100000000 implements MigrationInterface {
  name = 'HashManageTokens1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE alerts.manage_tokens (
        -- SHA-256 (hex) of the token in the link: the token itself is stored nowhere.
        token_hash text NOT NULL,
        subscriber_id bigint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT manage_tokens_pkey PRIMARY KEY (token_hash),
        CONSTRAINT manage_tokens_subscriber_id_fkey FOREIGN KEY (subscriber_id) REFERENCES alerts.subscribers (id) ON DELETE CASCADE
      )`);
    await queryRunner.query('CREATE INDEX manage_tokens_subscriber_idx ON alerts.manage_tokens (subscriber_id)');
    await queryRunner.query(
      `INSERT INTO alerts.manage_tokens (token_hash, subscriber_id, created_at)
       SELECT encode(sha256(convert_to(manage_token, 'UTF8')), 'hex'), id, created_at FROM alerts.subscribers`,
    );
    await queryRunner.query('ALTER TABLE alerts.subscribers DROP COLUMN manage_token');
    await queryRunner.query('CREATE INDEX confirmations_created_idx ON alerts.confirmations (created_at)');
  }

  async down(): Promise<void> {
    // A hash cannot be turned back into the token the mails carry.
    throw new Error('HashManageTokens1796100000000 cannot be reverted: the plain manage tokens are gone');
  }
}
