import { distinctIds, REPEATED_IDS_POLICY } from '@hintakori/shared-contracts';
import {
  DEFAULT_PRICE_CHANGE_DAYS,
  DEFAULT_PRICE_CHANGES_PAGE,
  MAX_PRICE_CHANGE_DAYS,
  MAX_PRICE_CHANGE_STORES,
  MAX_PRICE_CHANGES_OFFSET,
  MAX_PRICE_CHANGES_PAGE,
  MAX_PRICE_LEVEL_DAYS,
  MAX_PRICE_LEVEL_STORES,
  PriceChanges,
  PriceChangesRequestSchema,
  PriceChangesSchema,
  priceLevelPeriodError,
  PriceLevels,
  PriceLevelsRequestSchema,
  PriceLevelsSchema,
} from '@hintakori/catalog-contracts';
import { BadRequestException, Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Type } from 'typebox';
import { Backend } from '../backend';
import { errorResponses, ok } from '../dto/schemas';
import { Input, Route, routeContract, RouteInput } from '../http/contract';
import { JsonBody, ResponseCache } from '../http/response-cache';

const levelsRequest = PriceLevelsRequestSchema.properties;
const changesRequest = PriceChangesRequestSchema.properties;

const storeIds = (max: number) =>
  Type.Array(levelsRequest.storeIds.items, { minItems: 1, maxItems: max, description: `Store ids, comma-separated or repeated, 1–${max}; ${REPEATED_IDS_POLICY}` });

const priceLevelsContract = routeContract({
  query: Type.Object(
    {
      storeIds: storeIds(MAX_PRICE_LEVEL_STORES),
      from: Type.String({ ...levelsRequest.from, title: 'from', description: `First day, YYYY-MM-DD (at most ${MAX_PRICE_LEVEL_DAYS} days before to)` }),
      to: Type.String({ ...levelsRequest.to, title: 'to', description: 'Last day, YYYY-MM-DD (days after today have no points)' }),
    },
    { additionalProperties: false },
  ),
  responses: {
    200: ok('The reference basket and its daily cost in each chosen store that priced any of it', PriceLevelsSchema),
    ...errorResponses({
      400: `Missing or bad storeIds (1–${MAX_PRICE_LEVEL_STORES}), a date that is not YYYY-MM-DD or does not exist, from after to, a period over ${MAX_PRICE_LEVEL_DAYS} days, or an unknown query parameter`,
    }),
  },
});

const priceChangesContract = routeContract({
  query: Type.Object(
    {
      storeIds: storeIds(MAX_PRICE_CHANGE_STORES),
      days: Type.Optional(
        Type.Integer({ ...changesRequest.days, default: DEFAULT_PRICE_CHANGE_DAYS, description: `Look back this many days, 1–${MAX_PRICE_CHANGE_DAYS} (default ${DEFAULT_PRICE_CHANGE_DAYS})` }),
      ),
      direction: Type.Optional(Type.Union([Type.Literal('down'), Type.Literal('up')], { default: 'down', 'x-expected': 'down or up', description: 'down: drops (default), up: rises' })),
      category: Type.Optional(Type.String({ ...changesRequest.category, 'x-expected': 'a category slug', description: 'A category slug (any level): its products and its subcategories\' only' })),
      limit: Type.Optional(
        Type.Integer({ minimum: 1, maximum: MAX_PRICE_CHANGES_PAGE, default: DEFAULT_PRICE_CHANGES_PAGE, description: `Page size, 1–${MAX_PRICE_CHANGES_PAGE} (default ${DEFAULT_PRICE_CHANGES_PAGE})` }),
      ),
      offset: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PRICE_CHANGES_OFFSET, default: 0, description: `Rows to skip, at most ${MAX_PRICE_CHANGES_OFFSET}` })),
    },
    { additionalProperties: false },
  ),
  responses: {
    200: ok('A page of the price changes, largest percentage first', PriceChangesSchema),
    ...errorResponses({ 400: `Missing or bad storeIds (1–${MAX_PRICE_CHANGE_STORES}), days, direction, category, limit or offset, or an unknown query parameter` }),
  },
});

const sortedKey = (ids: number[]): string => [...ids].sort((a, b) => a - b).join(',');

@ApiTags('prices')
@Controller()
export class PricesController {
  constructor(
    private readonly backend: Backend,
    private readonly cache: ResponseCache,
  ) {}

  @Get('priceLevels')
  @ApiOperation({
    summary: 'Price levels over time: a fixed basket of everyday products, its cost per store and day',
    description:
      'The reference basket holds one product per everyday category, chosen once (the lowest average comparison price among the products ' +
      'priced in at least half as many stores as the most widely priced one) and kept. Each point: total (cents, estimates included), ' +
      'index (100 on the store\'s first day), coverage (share of the basket the store priced itself, 0–1) and estimated (products whose ' +
      'price was estimated: the average over the chosen stores that priced it that day). Stores come in the order asked; a store id without ' +
      `any basket price in the period (unknown, or without data) has no series. At most ${MAX_PRICE_LEVEL_STORES} stores and ${MAX_PRICE_LEVEL_DAYS} days.`,
  })
  @Route(priceLevelsContract)
  priceLevels(@Input() { query }: RouteInput<typeof priceLevelsContract>): Promise<JsonBody<PriceLevels>> {
    const error = priceLevelPeriodError(query.from, query.to);
    if (error) throw new BadRequestException(error);
    const ids = distinctIds(query.storeIds);
    return this.cache.wrapJson(`priceLevels:${ids.join(',')}:${query.from}:${query.to}`, 300, () => this.backend.priceLevels({ storeIds: ids, from: query.from, to: query.to }));
  }

  @Get('priceChanges')
  @ApiOperation({
    summary: "The week's price changes: the largest drops (or rises) of the chosen stores' current prices",
    description:
      'Current prices that took effect in the last `days` days, each against the price before it, largest change (percent) first. ' +
      'When a campaign ended, the price is compared with the regular price before the campaign, so a campaign ending is not a rise. ' +
      'isCampaign marks a campaign price. Store ids without prices add nothing.',
  })
  @Route(priceChangesContract)
  priceChanges(@Input() { query }: RouteInput<typeof priceChangesContract>): Promise<JsonBody<PriceChanges>> {
    const request = {
      storeIds: distinctIds(query.storeIds),
      days: query.days ?? DEFAULT_PRICE_CHANGE_DAYS,
      direction: query.direction ?? 'down',
      limit: query.limit ?? DEFAULT_PRICE_CHANGES_PAGE,
      offset: query.offset ?? 0,
      ...(query.category ? { category: query.category } : {}),
    };
    const key = `priceChanges:${sortedKey(request.storeIds)}:${request.days}:${request.direction}:${query.category ?? ''}:${request.limit}:${request.offset}`;
    return this.cache.wrapJson(key, 60, () => this.backend.priceChanges(request));
  }
}
