import { StoreDto, StoreMinimalDto, StoresPatterns } from '@hintakori/stores-contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { StoresService } from './stores.service';
import { parseGet, parseGetMany, parseInBox, parseMinimal, parseSearch } from './stores.validation';

@Controller()
export class StoresHandler {
  constructor(private readonly stores: StoresService) {}

  @MessagePattern(StoresPatterns.Search)
  search(@Payload() data: unknown): Promise<StoreDto[]> {
    return this.stores.search(parseSearch(data));
  }

  @MessagePattern(StoresPatterns.InBox)
  inBox(@Payload() data: unknown): Promise<StoreDto[]> {
    return this.stores.inBox(parseInBox(data));
  }

  @MessagePattern(StoresPatterns.Minimal)
  minimal(@Payload() data: unknown): Promise<StoreMinimalDto[]> {
    return this.stores.minimal(parseMinimal(data));
  }

  @MessagePattern(StoresPatterns.Get)
  get(@Payload() data: unknown): Promise<StoreDto> {
    return this.stores.get(parseGet(data).id);
  }

  @MessagePattern(StoresPatterns.GetMany)
  getMany(@Payload() data: unknown): Promise<StoreDto[]> {
    return this.stores.getMany(parseGetMany(data));
  }
}
