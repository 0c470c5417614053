import { OfferDto, STORE_PAGE_SIZE, StoreDto, StoreMinimalDto } from '@hintakori/stores-contracts';
import { BadRequestException, Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Backend } from '../backend';
import { parseId, parseNumber, parseSearch, rejectUnknownParams } from '../dto/parsing';
import { ResponseCache } from '../http/response-cache';

/** Largest bounding box side we answer, in degrees (about 550 km north–south). */
const MAX_BOX_DEGREES = 5;

@ApiTags('stores')
@Controller()
export class StoresController {
  constructor(
    private readonly backend: Backend,
    private readonly cache: ResponseCache,
  ) {}

  @Get('stores')
  @ApiOperation({ summary: 'Search stores by name, chain, city or address' })
  search(@Query() query: Record<string, unknown>): Promise<StoreDto[]> {
    rejectUnknownParams(query, ['search', 'limit']);
    const search = parseSearch(query.search);
    const limit = parseNumber(query.limit, 'limit', 1, 50, { required: false, integer: true }) ?? 20;
    return this.cache.wrap(`stores:${search.toLowerCase()}:${limit}`, 60, () => this.backend.searchStores(search, limit));
  }

  @Get('stores/location')
  @ApiOperation({ summary: 'Stores inside a bounding box; nearest first with distance in metres when lat and long are given' })
  location(@Query() query: Record<string, unknown>): Promise<StoreDto[]> {
    rejectUnknownParams(query, ['minLat', 'minLong', 'maxLat', 'maxLong', 'lat', 'long', 'limit']);
    const minLat = parseNumber(query.minLat, 'minLat', -90, 90, { required: true })!;
    const maxLat = parseNumber(query.maxLat, 'maxLat', -90, 90, { required: true })!;
    const minLong = parseNumber(query.minLong, 'minLong', -180, 180, { required: true })!;
    const maxLong = parseNumber(query.maxLong, 'maxLong', -180, 180, { required: true })!;
    if (minLat > maxLat) throw new BadRequestException(`minLat (${minLat}) must not be greater than maxLat (${maxLat})`);
    if (minLong > maxLong) throw new BadRequestException(`minLong (${minLong}) must not be greater than maxLong (${maxLong})`);
    if (maxLat - minLat > MAX_BOX_DEGREES || maxLong - minLong > MAX_BOX_DEGREES * 2) {
      throw new BadRequestException(`The bounding box is too large: at most ${MAX_BOX_DEGREES}° of latitude and ${MAX_BOX_DEGREES * 2}° of longitude`);
    }
    const lat = parseNumber(query.lat, 'lat', -90, 90, { required: false });
    const long = parseNumber(query.long, 'long', -180, 180, { required: false });
    if ((lat === undefined) !== (long === undefined)) throw new BadRequestException('lat and long must be given together');
    const limit = parseNumber(query.limit, 'limit', 1, 1000, { required: false, integer: true }) ?? 500;
    return this.backend.storesInBox({ minLat, minLong, maxLat, maxLong, lat, long, limit });
  }

  @Get('stores/minimal')
  @ApiOperation({ summary: 'All stores in pages of 200 by skip' })
  minimal(@Query() query: Record<string, unknown>): Promise<StoreMinimalDto[]> {
    rejectUnknownParams(query, ['skip']);
    const skip = parseNumber(query.skip, 'skip', 0, 1_000_000, { required: false, integer: true }) ?? 0;
    return this.cache.wrap(`stores-minimal:${skip}`, 120, () => this.backend.minimalStores(skip, STORE_PAGE_SIZE));
  }

  @Get('stores/:id')
  @ApiOperation({ summary: 'One store with opening times from yesterday to six days ahead' })
  store(@Param('id') rawId: string, @Query() query: Record<string, unknown>): Promise<StoreDto> {
    rejectUnknownParams(query, []);
    const id = parseId(rawId, 'store id');
    return this.cache.wrap(`store:${id}`, 60, () => this.backend.store(id));
  }

  @Get('offers')
  @ApiOperation({ summary: "A store's current offers" })
  offers(@Query() query: Record<string, unknown>): Promise<OfferDto[]> {
    rejectUnknownParams(query, ['storeId']);
    const storeId = parseNumber(query.storeId, 'storeId', 1, 999_999_999, { required: true, integer: true })!;
    return this.cache.wrap(`offers:${storeId}`, 120, () => this.backend.offers(storeId));
  }
}
