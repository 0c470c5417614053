import { CatalogPatterns, CategoryMappingDto, CreateCategoryMappingRequest, UnmappedCategoryDto } from '@hintakori/catalog-contracts';
import { BadRequestException, Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseId, requirePayload } from '../validation/request-validation';
import { CategoryMappingService } from './category-mapping.service';

const MAX_EXTERNAL_TYPE = 100;
const MAX_EXTERNAL_ID = 1000;

function parseExternal(value: unknown, field: string, max: number): string {
  if (typeof value !== 'string' || value.trim() === '') throw new BadRequestException(`${field} must be a non-empty string`);
  if (value.length > max) throw new BadRequestException(`${field} must be at most ${max} characters`);
  return value.trim();
}

export function parseCreateMapping(data: unknown): CreateCategoryMappingRequest {
  const payload = requirePayload(data);
  return {
    categoryId: parseId(payload.categoryId, 'categoryId'),
    externalType: parseExternal(payload.externalType, 'externalType', MAX_EXTERNAL_TYPE),
    externalId: parseExternal(payload.externalId, 'externalId', MAX_EXTERNAL_ID),
  };
}

/** The admin area's category mappings: 400 bad input, 404 unknown category or mapping, 409 a duplicate. */
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

  @MessagePattern(CatalogPatterns.CreateCategoryMapping)
  create(@Payload() data: unknown): Promise<CategoryMappingDto> {
    return this.mappings.create(parseCreateMapping(data));
  }

  @MessagePattern(CatalogPatterns.DeleteCategoryMapping)
  delete(@Payload() data: unknown): Promise<CategoryMappingDto> {
    return this.mappings.delete(parseId(requirePayload(data).id, 'id'));
  }
}
