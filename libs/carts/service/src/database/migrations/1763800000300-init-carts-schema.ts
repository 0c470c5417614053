import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Carts and their lines. A cart belongs to one anonymous browser (owner_id); a write by any other
 * browser copies the cart first (source_cart_id), so a shared cart never changes.
 */
export class InitCartsSchema1763800000300 implements MigrationInterface {
  name = 'InitCartsSchema1763800000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE carts.carts (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        owner_id text NOT NULL,
        source_cart_id uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT carts_pkey PRIMARY KEY (id),
        CONSTRAINT carts_owner_id_check CHECK (char_length(owner_id) BETWEEN 1 AND 64),
        CONSTRAINT carts_source_cart_id_fkey FOREIGN KEY (source_cart_id) REFERENCES carts.carts (id) ON DELETE SET NULL
      )`);
    // LatestForOwner: newest cart of one browser (a backward scan of this index, LIMIT 1).
    await queryRunner.query('CREATE INDEX carts_owner_updated_idx ON carts.carts (owner_id, updated_at)');
    // Keeps the self-referencing foreign key cheap if old carts are ever deleted.
    await queryRunner.query('CREATE INDEX carts_source_cart_idx ON carts.carts (source_cart_id) WHERE source_cart_id IS NOT NULL');
    await queryRunner.query(`
      CREATE TABLE carts.cart_lines (
        cart_id uuid NOT NULL,
        item_id integer NOT NULL,
        quantity integer NOT NULL,
        added_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        CONSTRAINT cart_lines_pkey PRIMARY KEY (cart_id, item_id),
        CONSTRAINT cart_lines_item_id_check CHECK (item_id > 0),
        CONSTRAINT cart_lines_quantity_check CHECK (quantity BETWEEN 1 AND 999),
        CONSTRAINT cart_lines_cart_id_fkey FOREIGN KEY (cart_id) REFERENCES carts.carts (id) ON DELETE CASCADE
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE carts.cart_lines');
    await queryRunner.query('DROP TABLE carts.carts');
  }
}
