import { distinctIds } from '@hintakori/shared-contracts';
import {
  GetStoreRequest,
  GetStoresRequest,
  MinimalStoresRequest,
  SearchStoresRequest,
  STORE_LIMITS,
  storeBoxPoint,
  storeBoxProblem,
  storeSearchBox,
  StoreDto,
  StoreMinimalDto,
  StoresInBoxRequest,
  StoresPatterns,
  StoreByShopStoreIdRequest,
} from '@hintakori/stores-contracts';
import { ValidPayload } from '@hintakori/platform-messaging';
import { BadRequestException, Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { StoresService } from './stores.service';

/**
 * Answers the store patterns; each payload is checked against its contract schema before it gets here. What a schema
 * cannot say is checked or filled here, by the contract's rules: the box (storeBoxProblem), lat and long as a pair
 * (storeBoxPoint), the defaults, repeated ids (distinctIds).
 */
@Controller()
export class StoresHandler {
  constructor(private readonly stores: StoresService) {}

  @MessagePattern(StoresPatterns.Search)
  search(@ValidPayload(SearchStoresRequest) request: SearchStoresRequest): Promise<StoreDto[]> {
    // Control characters (NUL among them, which PostgreSQL refuses in text) are never part of a store's name: spaces.
    const search = (request.search ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
    return this.stores.search({ search, limit: request.limit ?? STORE_LIMITS.search.default });
  }

  @MessagePattern(StoresPatterns.InBox)
  async inBox(@ValidPayload(StoresInBoxRequest) request: StoresInBoxRequest): Promise<StoreDto[]> {
    const problem = storeBoxProblem(request);
    if (problem !== null) throw new BadRequestException(problem);
    return this.stores.inBox({ ...storeSearchBox(request), ...storeBoxPoint(request), limit: request.limit ?? STORE_LIMITS.box.default });
  }

  @MessagePattern(StoresPatterns.Minimal)
  minimal(@ValidPayload(MinimalStoresRequest) request: MinimalStoresRequest): Promise<StoreMinimalDto[]> {
    return this.stores.minimal({ skip: request.skip ?? 0, limit: request.limit ?? STORE_LIMITS.minimal.default });
  }

  @MessagePattern(StoresPatterns.Get)
  get(@ValidPayload(GetStoreRequest) request: GetStoreRequest): Promise<StoreDto> {
    return this.stores.get(request.id);
  }

  @MessagePattern(StoresPatterns.GetMany)
  getMany(@ValidPayload(GetStoresRequest) request: GetStoresRequest): Promise<StoreDto[]> {
    return this.stores.getMany({ ids: distinctIds(request.ids) });
  }

  @MessagePattern(StoresPatterns.ByShopStoreId)
  byShopStoreId(@ValidPayload(StoreByShopStoreIdRequest) request: StoreByShopStoreIdRequest): Promise<StoreDto> {
    return this.stores.byShopStoreId(request);
  }
}
