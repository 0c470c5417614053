import { Check, Column, Entity, ForeignKey, PrimaryColumn } from 'typeorm';
import { CartEntity } from './cart.entity';

/** One item in a cart. Mirrors migration InitCartsSchema. */
@Entity({ schema: 'carts', name: 'cart_lines' })
@Check('cart_lines_item_id_check', 'item_id > 0')
@Check('cart_lines_quantity_check', 'quantity BETWEEN 1 AND 999')
export class CartLineEntity {
  @PrimaryColumn({ name: 'cart_id', type: 'uuid', primaryKeyConstraintName: 'cart_lines_pkey' })
  @ForeignKey(() => CartEntity, { name: 'cart_lines_cart_id_fkey', onDelete: 'CASCADE' })
  cartId!: string;

  @PrimaryColumn({ name: 'item_id', type: 'integer', primaryKeyConstraintName: 'cart_lines_pkey' })
  itemId!: number;

  @Column({ type: 'integer' })
  quantity!: number;

  /** Lines are listed in the order they were first added; copies keep the original times. */
  @Column({ name: 'added_at', type: 'timestamptz', default: () => 'clock_timestamp()' })
  addedAt!: Date;
}
