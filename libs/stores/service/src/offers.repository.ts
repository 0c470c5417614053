import type { OfferDto } from '@hintakori/stores-contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

@Injectable()
export class OffersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The store's offers in one round trip; undefined when the store does not exist. */
  async byStore(storeId: number): Promise<OfferDto[] | undefined> {
    const rows: { offers: OfferDto[] }[] = await this.dataSource.query(
      `SELECT coalesce((
         SELECT json_agg(json_build_object('id', o.id, 'name', o.name, 'image', o.image) ORDER BY o.id)
         FROM stores.offers o WHERE o.store_id = s.id AND (o.valid_until IS NULL OR o.valid_until > now())), '[]') AS offers
       FROM stores.stores s WHERE s.id = $1`,
      [storeId],
    );
    return rows[0]?.offers;
  }
}
