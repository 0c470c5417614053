import { CategoryMappingDto, UnmappedCategoryDto } from '@hintakori/catalog-contracts';
import { Controller, Delete, Get, Header, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Type } from 'typebox';
import { AdminCatalog } from '../admin/admin-catalog';
import { AdminCsrfGuard } from '../admin/admin-csrf.guard';
import { CreateMappingBody } from '../admin/admin-requests';
import { AdminSessionGuard } from '../admin/admin-session.guard';
import { errorResponses, Id, NoQuery, ok } from '../dto/schemas';
import { Input, Route, routeContract, RouteInput } from '../http/contract';

const readErrors = { 400: 'Unknown query parameter', 401: 'No admin session' } as const;
const writeErrors = { 401: 'No admin session', 403: 'No same-site Origin or Referer', 415: 'Content-Type is not application/json' } as const;

const listContract = routeContract({ query: NoQuery, responses: { 200: ok('Mappings with the number of items each places', Type.Array(CategoryMappingDto)), ...errorResponses(readErrors) } });
const unmappedContract = routeContract({
  query: NoQuery,
  responses: {
    200: ok('Feed categories no mapping covers', Type.Array(UnmappedCategoryDto), {
      map: { operationId: 'AdminController_create', requestBody: { externalType: '$response.body#/0/externalType', externalId: '$response.body#/0/externalId' } },
    }),
    ...errorResponses(readErrors),
  },
});
const createContract = routeContract({
  body: CreateMappingBody,
  responses: {
    201: ok('Created; the feed category\'s items moved', CategoryMappingDto, { remove: { operationId: 'AdminController_remove', parameters: { id: '$response.body#/id' } } }),
    ...errorResponses({ ...writeErrors, 400: 'Body not JSON, or a missing, bad or unknown field', 404: 'Unknown category', 409: 'The feed category is already mapped', 413: 'Body over 100 kB' }),
  },
});
const removeContract = routeContract({
  params: Type.Object({ id: Id('mapping id') }),
  responses: { 204: ok('Removed; its items went back to "Muut"'), ...errorResponses({ ...writeErrors, 400: 'Bad mapping id', 404: 'Unknown mapping' }) },
});

/** Category mappings (spec §7): a feed's category placed into one of ours. Admin session required. */
@ApiTags('admin')
@ApiCookieAuth('hk_admin')
@Controller('admin/category-mappings')
@UseGuards(AdminCsrfGuard, AdminSessionGuard)
export class AdminController {
  constructor(private readonly catalog: AdminCatalog) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Existing mappings with the number of items each places' })
  @Route(listContract)
  list(): Promise<CategoryMappingDto[]> {
    return this.catalog.listMappings();
  }

  @Get('unmapped')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Feed categories no mapping covers (their items are in "Muut"), with item counts' })
  @Route(unmappedContract)
  unmapped(): Promise<UnmappedCategoryDto[]> {
    return this.catalog.listUnmapped();
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Map a feed category to one of our categories; its items move at once' })
  @Route(createContract)
  create(@Input() { body }: RouteInput<typeof createContract>): Promise<CategoryMappingDto> {
    return this.catalog.createMapping(body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove a mapping; its items go back to "Muut"' })
  @Route(removeContract)
  async remove(@Input() { params }: RouteInput<typeof removeContract>): Promise<void> {
    await this.catalog.deleteMapping({ id: params.id });
  }
}
