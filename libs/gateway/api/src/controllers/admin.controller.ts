import type { CategoryMappingDto, UnmappedCategoryDto } from '@hintakori/catalog-contracts';
import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBody, ApiCookieAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminCatalog } from '../admin/admin-catalog';
import { AdminCsrfGuard } from '../admin/admin-csrf.guard';
import { parseCreateMappingBody } from '../admin/admin-requests';
import { AdminSessionGuard } from '../admin/admin-session.guard';
import { parseId, rejectUnknownParams } from '../dto/parsing';

/** Category mappings (spec §7): a feed's category placed into one of ours. Admin session required. */
@ApiTags('admin')
@ApiCookieAuth('hk_admin')
@ApiResponse({ status: 401, description: 'No admin session' })
@ApiResponse({ status: 403, description: 'Write without a same-site Origin/Referer' })
@Controller('admin/category-mappings')
@UseGuards(AdminCsrfGuard, AdminSessionGuard)
export class AdminController {
  constructor(private readonly catalog: AdminCatalog) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Existing mappings with the number of items each places' })
  list(@Query() query: Record<string, unknown>): Promise<CategoryMappingDto[]> {
    rejectUnknownParams(query, []);
    return this.catalog.listMappings();
  }

  @Get('unmapped')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Feed categories no mapping covers (their items are in "Muut"), with item counts' })
  unmapped(@Query() query: Record<string, unknown>): Promise<UnmappedCategoryDto[]> {
    rejectUnknownParams(query, []);
    return this.catalog.listUnmapped();
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Map a feed category to one of our categories; its items move at once' })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['categoryId', 'externalType', 'externalId'],
      properties: {
        categoryId: { type: 'integer', minimum: 1 },
        externalType: { type: 'string', example: 's-group' },
        externalId: { type: 'string', example: 'Maito, juusto, munat ja rasvat > Maidot' },
      },
    },
  })
  @ApiResponse({ status: 400, description: 'Bad body' })
  @ApiResponse({ status: 404, description: 'Unknown category' })
  @ApiResponse({ status: 409, description: 'The feed category is already mapped' })
  create(@Body() body: unknown): Promise<CategoryMappingDto> {
    return this.catalog.createMapping(parseCreateMappingBody(body));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove a mapping; its items go back to "Muut"' })
  async remove(@Param('id') rawId: string): Promise<void> {
    await this.catalog.deleteMapping({ id: parseId(rawId, 'mapping id') });
  }
}
