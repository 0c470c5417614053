import { Controller, Post, UnauthorizedException } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

@ApiTags('admin')
@Controller('admin')
export class AdminController {
  /** Category mappings need an admin session; admin sign-in arrives with the ingest pipeline. */
  @Post('category-mappings')
  @ApiOperation({ summary: 'Map an external category to a site category (admin session required)' })
  createMapping(): never {
    throw new UnauthorizedException('An admin session is required');
  }
}
