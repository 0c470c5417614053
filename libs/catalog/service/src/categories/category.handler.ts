import { CatalogPatterns, CategoryDto } from '@hintakori/catalog-contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { CategoryService } from './category.service';

@Controller()
export class CategoryHandler {
  constructor(private readonly categories: CategoryService) {}

  @MessagePattern(CatalogPatterns.ListCategories)
  list(): Promise<CategoryDto[]> {
    return this.categories.list();
  }
}
