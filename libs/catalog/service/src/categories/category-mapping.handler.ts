import { CatalogPatterns, CategoryMappingDto, CreateCategoryMappingRequest, DeleteCategoryMappingRequest, UnmappedCategoryDto } from '@hintakori/catalog-contracts';
import { ValidPayload } from '@hintakori/platform-messaging';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { CategoryMappingService } from './category-mapping.service';

/** The admin area's category mappings: 400 bad input (checked against the contract), 404 unknown category or mapping, 409 a duplicate. */
@Controller()
export class CategoryMappingHandler {
  constructor(private readonly mappings: CategoryMappingService) {}

  @MessagePattern(CatalogPatterns.ListCategoryMappings)
  list(): Promise<CategoryMappingDto[]> {
    return this.mappings.list();
  }

  @MessagePattern(CatalogPatterns.ListUnmappedCategories)
  unmapped(): Promise<UnmappedCategoryDto[]> {
    return this.mappings.unmapped();
  }

  /** The feed category's type and id are kept without the spaces around them. */
  @MessagePattern(CatalogPatterns.CreateCategoryMapping)
  create(@ValidPayload(CreateCategoryMappingRequest) request: CreateCategoryMappingRequest): Promise<CategoryMappingDto> {
    return this.mappings.create({ categoryId: request.categoryId, externalType: request.externalType.trim(), externalId: request.externalId.trim() });
  }

  @MessagePattern(CatalogPatterns.DeleteCategoryMapping)
  delete(@ValidPayload(DeleteCategoryMappingRequest) request: DeleteCategoryMappingRequest): Promise<CategoryMappingDto> {
    return this.mappings.delete(request.id);
  }
}
