import type { ItemAlternativesDto, ItemDto, ItemsExistResult, StoreCampaignItemsDto } from '@hintakori/catalog-contracts';
import { Injectable, NotFoundException } from '@nestjs/common';
import { CategoryService } from '../categories/category.service';
import type { Page } from './page';
import { ItemJsonCache } from './item-json';
import { ItemRow, toItemDto } from './item-rows';
import { ItemSearchRepository } from './item-search.repository';
import { ItemRepository } from './item.repository';
import { toSearchTerms } from './search-terms';

@Injectable()
export class ItemService {
  constructor(
    private readonly items: ItemRepository,
    private readonly itemSearch: ItemSearchRepository,
    private readonly categories: CategoryService,
    private readonly itemJson: ItemJsonCache,
  ) {}

  /** Nothing without chosen stores (the site asks the shopper to pick stores first). */
  async search(search: string, storeIds: number[], page: Page): Promise<ItemDto[]> {
    if (storeIds.length === 0) return [];
    const terms = toSearchTerms(search);
    if (!terms) return [];
    return this.toDtos(await this.itemSearch.search(terms, storeIds, page));
  }

  /**
   * The same answer as `search`, as the JSON text of its ItemDto[] (byte for byte what serializing `search`'s answer
   * gives): the gateway sends it as the body without parsing or serializing 100 items again.
   */
  async searchJson(search: string, storeIds: number[], page: Page): Promise<string> {
    if (storeIds.length === 0) return '[]';
    const terms = toSearchTerms(search);
    if (!terms) return '[]';
    return this.itemJson.render(
      await this.itemSearch.searchPrices(terms, storeIds, page),
      (ids) => this.items.findHeads(ids),
      (categoryIds) => this.categories.treeWith(categoryIds),
    );
  }

  /** Items of the category at `slugPath` and of all its subcategories. */
  async byCategory(slugPath: string[], storeIds: number[], page: Page): Promise<ItemDto[]> {
    const tree = await this.categories.tree();
    const category = tree.findBySlugPath(slugPath);
    if (!category) throw new NotFoundException(`Category not found: ${slugPath.join('/')}`);
    return this.toDtos(await this.items.findByCategories(tree.subtreeIds(category.id), storeIds, page));
  }

  async get(id: number, storeIds: number[]): Promise<ItemDto> {
    const [[item], fieldSources] = await Promise.all([this.getMany([id], storeIds), this.items.findFieldSources(id)]);
    if (!item) throw new NotFoundException(`Item ${id} not found`);
    return { ...item, fieldSources };
  }

  /** The item a barcode names, as `get` answers it; 404 when no item has the code. */
  async getByEan(ean: string, storeIds: number[]): Promise<ItemDto> {
    const id = await this.items.findIdByEan(ean);
    if (id === undefined) throw new NotFoundException(`No product has the EAN ${ean}`);
    return this.get(id, storeIds);
  }

  /** In the order of `ids`; unknown ids are skipped. */
  async getMany(ids: number[], storeIds: number[]): Promise<ItemDto[]> {
    return this.toDtos(await this.items.findByIds(ids, storeIds));
  }

  /** Cheaper products of the same kind (leaf category and comparison unit) in the chosen stores; 404 for an unknown item. */
  async alternatives(itemId: number, storeIds: number[]): Promise<ItemAlternativesDto> {
    if ((await this.items.findMissingIds([itemId])).length > 0) throw new NotFoundException(`Item ${itemId} not found`);
    const found = storeIds.length > 0 ? await this.items.findAlternatives(itemId, storeIds) : undefined;
    if (!found) return { itemId, comparisonPrice: null, comparisonPriceUnit: null, alternatives: [] };
    const items = await this.getMany(
      found.alternatives.map((a) => a.itemId),
      storeIds,
    );
    const byId = new Map(items.map((item) => [item.id, item]));
    return {
      itemId,
      comparisonPrice: found.best,
      comparisonPriceUnit: found.unit,
      alternatives: found.alternatives.flatMap((a) => {
        const item = byId.get(a.itemId);
        return item ? [{ item, comparisonPrice: a.comparisonPrice, savingPerUnit: found.best - a.comparisonPrice }] : [];
      }),
    };
  }

  /** A store's campaign-priced products, real discounts first (see ItemRepository.findStoreCampaigns). */
  async storeCampaigns(storeId: number, realOnly: boolean, page: Page): Promise<StoreCampaignItemsDto> {
    const { total, rows } = await this.items.findStoreCampaigns(storeId, realOnly, page);
    const items = await this.getMany(
      rows.map((row) => row.itemId),
      [storeId],
    );
    const byId = new Map(items.map((item) => [item.id, item]));
    return {
      storeId,
      total,
      limit: page.limit,
      offset: page.offset,
      items: rows.flatMap((row) => {
        const item = byId.get(row.itemId);
        return item ? [{ item, price: row.price, lowestPrice30d: row.lowestPrice30d, isRealDiscount: row.isRealDiscount, saving: row.saving }] : [];
      }),
    };
  }

  async exist(ids: number[]): Promise<ItemsExistResult> {
    return { missing: await this.items.findMissingIds(ids) };
  }

  private async toDtos(rows: ItemRow[]): Promise<ItemDto[]> {
    if (rows.length === 0) return [];
    const tree = await this.categories.treeWith(rows.map((row) => row.categoryId));
    return rows.map((row) => toItemDto(row, tree));
  }
}
