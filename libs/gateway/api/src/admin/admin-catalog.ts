import {
  CatalogPatterns,
  CategoryMappingDto,
  CreateCategoryMappingRequest,
  DeleteCategoryMappingRequest,
  UnmappedCategoryDto,
} from '@hintakori/catalog-contracts';
import { APP_CONFIG, AppConfig } from '@hintakori/platform-config';
import { callService, InjectServiceClient } from '@hintakori/platform-messaging';
import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';

/** The catalog calls behind the admin screens. The catalog owns the mappings and moves the items. */
@Injectable()
export class AdminCatalog {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectServiceClient('catalog') private readonly catalog: ClientProxy,
  ) {}

  private call<T>(pattern: string, data: unknown): Promise<T> {
    return callService<T>(this.catalog, pattern, data, this.config.rpcTimeoutMs);
  }

  listMappings(): Promise<CategoryMappingDto[]> {
    return this.call(CatalogPatterns.ListCategoryMappings, {});
  }
  listUnmapped(): Promise<UnmappedCategoryDto[]> {
    return this.call(CatalogPatterns.ListUnmappedCategories, {});
  }
  createMapping(request: CreateCategoryMappingRequest): Promise<CategoryMappingDto> {
    return this.call(CatalogPatterns.CreateCategoryMapping, request);
  }
  deleteMapping(request: DeleteCategoryMappingRequest): Promise<unknown> {
    return this.call(CatalogPatterns.DeleteCategoryMapping, request);
  }
}
