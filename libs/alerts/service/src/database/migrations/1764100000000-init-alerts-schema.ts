import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Subscribers (one row per normalised e-mail address), their pending double opt-in confirmations, their
 * watches (one row per item × store) and the notifications sent per (address, feed run), which make a
 * retried or replayed notification job a no-op.
 */
export class InitAlertsSchema1764100000000 implements MigrationInterface {
  name = 'InitAlertsSchema1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE alerts.subscribers (
        id bigserial NOT NULL,
        email text NOT NULL,
        manage_token text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        -- When the last notification mail was (or is being) sent: the next one waits until 12 h after it.
        last_sent_at timestamptz,
        CONSTRAINT subscribers_pkey PRIMARY KEY (id),
        CONSTRAINT subscribers_email_key UNIQUE (email),
        CONSTRAINT subscribers_manage_token_key UNIQUE (manage_token),
        CONSTRAINT subscribers_email_check CHECK (char_length(email) BETWEEN 3 AND 254)
      )`);
    await queryRunner.query(`
      CREATE TABLE alerts.confirmations (
        id bigserial NOT NULL,
        subscriber_id bigint NOT NULL,
        -- SHA-256 of the token in the mail: the token itself is stored nowhere.
        token_hash text NOT NULL,
        request jsonb NOT NULL,
        client_address text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        mailed_at timestamptz,
        confirmed_at timestamptz,
        CONSTRAINT confirmations_pkey PRIMARY KEY (id),
        CONSTRAINT confirmations_token_hash_key UNIQUE (token_hash),
        CONSTRAINT confirmations_subscriber_id_fkey FOREIGN KEY (subscriber_id) REFERENCES alerts.subscribers (id) ON DELETE CASCADE
      )`);
    await queryRunner.query('CREATE INDEX confirmations_subscriber_idx ON alerts.confirmations (subscriber_id)');
    await queryRunner.query('CREATE INDEX confirmations_client_idx ON alerts.confirmations (client_address, created_at)');
    await queryRunner.query(`
      CREATE TABLE alerts.watches (
        id bigserial NOT NULL,
        subscriber_id bigint NOT NULL,
        item_id integer NOT NULL,
        store_id integer NOT NULL,
        item_name text NOT NULL,
        item_slug text NOT NULL,
        store_name text NOT NULL,
        target_price integer,
        -- The price a drop is measured against: the price when the watch was made, then the last notified one.
        reference_price integer,
        latest_price integer,
        latest_observed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT watches_pkey PRIMARY KEY (id),
        CONSTRAINT watches_subscriber_item_store_key UNIQUE (subscriber_id, item_id, store_id),
        CONSTRAINT watches_ids_check CHECK (item_id > 0 AND store_id > 0),
        CONSTRAINT watches_target_price_check CHECK (target_price IS NULL OR target_price > 0),
        CONSTRAINT watches_subscriber_id_fkey FOREIGN KEY (subscriber_id) REFERENCES alerts.subscribers (id) ON DELETE CASCADE
      )`);
    // prices.observed: find the watches of each (item, store) in a batch.
    await queryRunner.query('CREATE INDEX watches_item_store_idx ON alerts.watches (item_id, store_id)');
    await queryRunner.query(`
      CREATE TABLE alerts.notifications (
        subscriber_id bigint NOT NULL,
        run_id text NOT NULL,
        status text NOT NULL,
        drops jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        CONSTRAINT notifications_pkey PRIMARY KEY (subscriber_id, run_id),
        CONSTRAINT notifications_status_check CHECK (status IN ('sending', 'sent', 'deferred', 'nothing')),
        CONSTRAINT notifications_subscriber_id_fkey FOREIGN KEY (subscriber_id) REFERENCES alerts.subscribers (id) ON DELETE CASCADE
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE alerts.notifications');
    await queryRunner.query('DROP TABLE alerts.watches');
    await queryRunner.query('DROP TABLE alerts.confirmations');
    await queryRunner.query('DROP TABLE alerts.subscribers');
  }
}
