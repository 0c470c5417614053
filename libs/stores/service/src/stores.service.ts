import { SHOP_GROUPS, type GetStoresRequest, type StoreByShopStoreIdRequest, type MinimalStoresRequest, type SearchStoresRequest, type StoreDto, type StoreMinimalDto, type StoresInBoxRequest } from '@hintakori/stores-contracts';
import { Injectable, NotFoundException } from '@nestjs/common';
import { datedOpeningTimes, exceptionsInWindow, OpeningWindow, openingWindow } from './opening-window';
import { searchTokens } from './store-search';
import { StoreRow, StoresRepository } from './stores.repository';

/** Store reads; opening times are dated for the Helsinki week around the moment of the call. */
@Injectable()
export class StoresService {
  constructor(private readonly stores: StoresRepository) {}

  async search({ search, limit }: Required<SearchStoresRequest>): Promise<StoreDto[]> {
    const window = openingWindow(new Date());
    const tokens = searchTokens(search);
    const rows = tokens.length === 0 ? await this.stores.firstByName(limit, window) : await this.stores.search(tokens, search, limit, window);
    return rows.map((row) => toStoreDto(row, window));
  }

  async inBox({ minLat, minLong, maxLat, maxLong, lat, long, limit }: StoresInBoxRequest & { limit: number }): Promise<StoreDto[]> {
    const window = openingWindow(new Date());
    const point = lat !== undefined && long !== undefined ? { lat, long } : undefined;
    const rows = await this.stores.inBox({ minLat, minLong, maxLat, maxLong }, point, limit, window);
    return rows.map((row) => toStoreDto(row, window));
  }

  minimal({ skip, limit }: Required<MinimalStoresRequest>): Promise<StoreMinimalDto[]> {
    return this.stores.minimal(skip, limit);
  }

  async get(id: number): Promise<StoreDto> {
    const [store] = await this.getMany({ ids: [id] });
    if (!store) throw new NotFoundException(`Store ${id} not found`);
    return store;
  }

  /** The open store of the shop's group whose own id is `id` (its externalId); 404 when there is none. */
  async byShopStoreId({ shop, id }: StoreByShopStoreIdRequest): Promise<StoreDto> {
    const window = openingWindow(new Date());
    const [row] = await this.stores.byExternalId(SHOP_GROUPS[shop], id, window);
    if (!row) throw new NotFoundException(`No open ${shop} store has the id ${id}`);
    return toStoreDto(row, window);
  }

  async getMany({ ids }: GetStoresRequest): Promise<StoreDto[]> {
    if (ids.length === 0) return [];
    const window = openingWindow(new Date());
    const rows = await this.stores.byIds(ids, window);
    return rows.map((row) => toStoreDto(row, window));
  }
}

export function toStoreDto(row: StoreRow, window: OpeningWindow): StoreDto {
  const store: StoreDto = {
    id: row.id,
    name: row.name,
    urlSlug: row.urlSlug,
    chain: row.chain,
    type: row.type,
    externalId: row.externalId,
    address: row.address,
    postalCode: row.postalCode,
    city: row.city,
    lat: row.lat,
    long: row.long,
    openingTimes: datedOpeningTimes(window, row.weeklyHours),
    openingTimeExceptions: exceptionsInWindow(window, row.exceptions),
    source: row.source,
    sourceObservedAt: row.sourceObservedAt,
    openingHoursKnown: row.openingHoursKnown,
    isClosed: row.isClosed,
  };
  if (row.distance !== null) store.distance = row.distance;
  return store;
}
