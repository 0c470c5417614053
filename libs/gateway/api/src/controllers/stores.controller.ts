import { OfferDto, STORE_PAGE_SIZE, StoreDto, StoreMinimalDto } from '@hintakori/stores-contracts';
import { BadRequestException, Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Type } from 'typebox';
import { Backend } from '../backend';
import { errorResponses, Id, Limit, NoQuery, Offer, ok, SearchText, Store, StoreMinimal } from '../dto/schemas';
import { Input, Route, routeContract, RouteInput } from '../http/contract';
import { ResponseCache } from '../http/response-cache';

/** Largest bounding box side we answer, in degrees (about 550 km north–south). */
const MAX_BOX_DEGREES = 5;

const Latitude = (description: string) => Type.Number({ minimum: -90, maximum: 90, description });
const Longitude = (description: string) => Type.Number({ minimum: -180, maximum: 180, description });

const searchContract = routeContract({
  query: Type.Object({ search: Type.Optional(SearchText), limit: Type.Optional(Limit(50, 20)) }, { additionalProperties: false }),
  responses: { 200: ok('Stores, best match first', Type.Array(Store)), ...errorResponses({ 400: 'Bad or unknown query parameter' }) },
});

const locationContract = routeContract({
  query: Type.Object(
    {
      minLat: Latitude('south edge'),
      minLong: Longitude('west edge'),
      maxLat: Latitude(`north edge; at most ${MAX_BOX_DEGREES}° north of minLat`),
      maxLong: Longitude(`east edge; at most ${MAX_BOX_DEGREES * 2}° east of minLong`),
      lat: Type.Optional(Latitude('the point to sort by distance from (with long)')),
      long: Type.Optional(Longitude('the point to sort by distance from (with lat)')),
      limit: Type.Optional(Limit(1000, 500)),
    },
    { additionalProperties: false },
  ),
  responses: {
    200: ok('Stores inside the box; nearest first, with distance, when lat and long are given', Type.Array(Store)),
    ...errorResponses({ 400: 'Bad, missing or unknown query parameter, an inverted or too large box, or lat without long' }),
  },
});

const minimalContract = routeContract({
  query: Type.Object({ skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0, description: 'stores to skip' })) }, { additionalProperties: false }),
  responses: { 200: ok(`A page of ${STORE_PAGE_SIZE} stores ordered by name and id; fewer means the last page`, Type.Array(StoreMinimal)), ...errorResponses({ 400: 'Bad or unknown query parameter' }) },
});

const storeContract = routeContract({
  params: Type.Object({ id: Id('store id') }),
  query: NoQuery,
  responses: { 200: ok('The store with opening times from yesterday to six days ahead', Store), ...errorResponses({ 400: 'Bad store id', 404: 'Unknown store' }) },
});

const offersContract = routeContract({
  query: Type.Object({ storeId: Id('storeId') }, { additionalProperties: false }),
  responses: { 200: ok("The store's current offers", Type.Array(Offer)), ...errorResponses({ 400: 'Missing or bad storeId', 404: 'Unknown store' }) },
});

@ApiTags('stores')
@Controller()
export class StoresController {
  constructor(
    private readonly backend: Backend,
    private readonly cache: ResponseCache,
  ) {}

  @Get('stores')
  @ApiOperation({ summary: 'Search stores by name, chain, city or address' })
  @Route(searchContract)
  search(@Input() { query }: RouteInput<typeof searchContract>): Promise<StoreDto[]> {
    const search = (query.search ?? '').trim();
    const limit = query.limit ?? 20;
    return this.cache.wrap(`stores:${search.toLowerCase()}:${limit}`, 60, () => this.backend.searchStores(search, limit));
  }

  @Get('stores/location')
  @ApiOperation({ summary: 'Stores inside a bounding box; nearest first with distance in metres when lat and long are given' })
  @Route(locationContract)
  location(@Input() { query }: RouteInput<typeof locationContract>): Promise<StoreDto[]> {
    const { minLat, maxLat, minLong, maxLong, lat, long } = query;
    if (minLat > maxLat) throw new BadRequestException(`minLat (${minLat}) must not be greater than maxLat (${maxLat})`);
    if (minLong > maxLong) throw new BadRequestException(`minLong (${minLong}) must not be greater than maxLong (${maxLong})`);
    if (maxLat - minLat > MAX_BOX_DEGREES || maxLong - minLong > MAX_BOX_DEGREES * 2) {
      throw new BadRequestException(`The bounding box is too large: at most ${MAX_BOX_DEGREES}° of latitude and ${MAX_BOX_DEGREES * 2}° of longitude`);
    }
    if ((lat === undefined) !== (long === undefined)) throw new BadRequestException('lat and long must be given together');
    return this.backend.storesInBox({ minLat, minLong, maxLat, maxLong, lat, long, limit: query.limit ?? 500 });
  }

  @Get('stores/minimal')
  @ApiOperation({ summary: 'All stores in pages of 200 by skip' })
  @Route(minimalContract)
  minimal(@Input() { query }: RouteInput<typeof minimalContract>): Promise<StoreMinimalDto[]> {
    const skip = query.skip ?? 0;
    return this.cache.wrap(`stores-minimal:${skip}`, 120, () => this.backend.minimalStores(skip, STORE_PAGE_SIZE));
  }

  @Get('stores/:id')
  @ApiOperation({ summary: 'One store with opening times from yesterday to six days ahead' })
  @Route(storeContract)
  store(@Input() { params }: RouteInput<typeof storeContract>): Promise<StoreDto> {
    return this.cache.wrap(`store:${params.id}`, 60, () => this.backend.store(params.id));
  }

  @Get('offers')
  @ApiOperation({ summary: "A store's current offers" })
  @Route(offersContract)
  offers(@Input() { query }: RouteInput<typeof offersContract>): Promise<OfferDto[]> {
    return this.cache.wrap(`offers:${query.storeId}`, 120, () => this.backend.offers(query.storeId));
  }
}
