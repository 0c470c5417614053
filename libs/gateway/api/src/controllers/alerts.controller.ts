import { ConfirmResult, ManageDto, SubscribeResult } from '@hintakori/alerts-contracts';
import { BadRequestException, Body, Controller, Delete, Get, Header, HttpCode, NotFoundException, Param, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Backend } from '../backend';
import { parseId, parseStoreIds } from '../dto/parsing';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const ALLOWED_FIELDS = ['email', 'itemId', 'storeIds', 'targetPrice'];

function parseToken(raw: string, what: string): string {
  if (!TOKEN.test(raw)) throw new BadRequestException(`${what} must be the 43-character token from the e-mail link`);
  return raw;
}

/** The subscribe body before the alerts service checks the address itself. */
export function parseSubscribeBody(body: unknown): { email: unknown; itemId: number; storeIds: number[]; targetPrice: number | null } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new BadRequestException('The body must be a JSON object {email, itemId, storeIds, targetPrice?}');
  const fields = body as Record<string, unknown>;
  const unknown = Object.keys(fields).filter((key) => !ALLOWED_FIELDS.includes(key));
  if (unknown.length > 0) throw new BadRequestException(`Unknown field(s): ${unknown.join(', ')}`);
  if (typeof fields.email !== 'string' || fields.email.trim() === '') throw new BadRequestException('email is required');
  const itemId = typeof fields.itemId === 'number' ? parseId(String(fields.itemId), 'itemId') : typeof fields.itemId === 'string' ? parseId(fields.itemId, 'itemId') : null;
  if (itemId === null) throw new BadRequestException('itemId must be a positive integer');
  if (!Array.isArray(fields.storeIds)) throw new BadRequestException('storeIds must be a list of store ids');
  const storeIds = parseStoreIds(fields.storeIds.map(String), { required: true });
  if (storeIds.length > 50) throw new BadRequestException('storeIds may list at most 50 stores for a watch');
  const targetPrice = fields.targetPrice ?? null;
  if (targetPrice !== null && !(typeof targetPrice === 'number' && Number.isInteger(targetPrice) && targetPrice >= 1 && targetPrice <= 100_000)) {
    throw new BadRequestException('targetPrice must be null (any drop) or integer cents between 1 and 100000');
  }
  return { email: fields.email, itemId, storeIds, targetPrice };
}

/** Price-drop e-mails without an account (double opt-in, one-click unsubscribe). */
@ApiTags('price alerts')
@Controller('alerts')
export class AlertsController {
  constructor(private readonly backend: Backend) {}

  @Post()
  @HttpCode(202)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Ask for an e-mail when an item gets cheaper in some stores',
    description:
      'Sends a confirmation link (valid 48 h) to the address; nothing else is sent before it is confirmed. The answer is the same whether or not the address is known or already subscribed. Limits: 5 pending confirmations per address (more are silently dropped), 20 requests per client address an hour.',
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['email', 'itemId', 'storeIds'],
      properties: {
        email: { type: 'string', example: 'matti@example.fi' },
        itemId: { type: 'integer', minimum: 1 },
        storeIds: { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1, maxItems: 50 },
        targetPrice: { type: 'integer', nullable: true, minimum: 1, maximum: 100000, description: 'Cents; omitted or null: any drop' },
      },
    },
  })
  @ApiResponse({ status: 202, description: 'Accepted: a confirmation mail is on its way if the address can receive one' })
  @ApiResponse({ status: 400, description: 'Malformed address, bad item or store ids, bad target price, unknown fields' })
  @ApiResponse({ status: 404, description: 'Unknown item or store' })
  @ApiResponse({ status: 429, description: 'Too many requests from this client (20 an hour)' })
  async subscribe(@Body() body: unknown, @Req() req: Request): Promise<SubscribeResult & { message: string }> {
    const { email, itemId, storeIds, targetPrice } = parseSubscribeBody(body);
    const [item, stores] = await Promise.all([this.backend.item(itemId, storeIds), this.backend.storesByIds(storeIds)]);
    const storeById = new Map(stores.map((store) => [store.id, store]));
    const missing = storeIds.filter((id) => !storeById.has(id));
    if (missing.length > 0) throw new NotFoundException(`Unknown store(s): ${missing.join(', ')}`);
    const prices = new Map(item.storeItems.map((s) => [s.storeId, s.price]));
    const result = await this.backend.subscribeAlert({
      email: email as string,
      itemId,
      itemName: item.name,
      itemSlug: item.urlSlug,
      stores: storeIds.map((id) => ({ storeId: id, storeName: (storeById.get(id) as { name: string }).name, price: prices.get(id) ?? null })),
      targetPrice,
      clientAddress: req.ip ?? 'unknown',
    });
    return { ...result, message: 'If the address can receive mail, a confirmation link has been sent to it' };
  }

  @Post('confirm/:token')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Confirm a watch request with the token of the confirmation mail (single use, 48 h)' })
  @ApiParam({ name: 'token', description: 'The token of /hintavahti/vahvista/{token}' })
  @ApiResponse({ status: 200, description: 'Confirmed; the answer holds the manage token of the address' })
  @ApiResponse({ status: 400, description: 'Not a token' })
  @ApiResponse({ status: 404, description: 'Unknown or already used token' })
  @ApiResponse({ status: 409, description: 'The address already watches 100 products' })
  @ApiResponse({ status: 410, description: 'The token has expired' })
  confirm(@Param('token') token: string): Promise<ConfirmResult> {
    return this.backend.confirmAlert(parseToken(token, 'token'));
  }

  @Get('manage/:token')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "An address's watches (the link in every mail)" })
  @ApiResponse({ status: 200, description: 'The address and its watches' })
  @ApiResponse({ status: 400, description: 'Not a token' })
  @ApiResponse({ status: 404, description: 'Unknown token (or everything was erased)' })
  manage(@Param('token') token: string): Promise<ManageDto> {
    return this.backend.manageAlerts(parseToken(token, 'token'));
  }

  @Delete('manage/:token/watches/:watchId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Stop one watch (one item in one store)' })
  @ApiResponse({ status: 204, description: 'Deleted' })
  @ApiResponse({ status: 400, description: 'Not a token or watch id' })
  @ApiResponse({ status: 404, description: 'No such watch for this token' })
  async deleteWatch(@Param('token') token: string, @Param('watchId') watchId: string): Promise<void> {
    await this.backend.deleteAlertWatch(parseToken(token, 'token'), parseId(watchId, 'watch id'));
  }

  @Delete('manage/:token')
  @HttpCode(204)
  @ApiOperation({ summary: '"Poista kaikki tietoni": erase the address, its watches and requests' })
  @ApiResponse({ status: 204, description: 'Erased' })
  @ApiResponse({ status: 400, description: 'Not a token' })
  @ApiResponse({ status: 404, description: 'Unknown token (or already erased)' })
  async erase(@Param('token') token: string): Promise<void> {
    const { erased } = await this.backend.eraseAlerts(parseToken(token, 'token'));
    if (!erased) throw new NotFoundException('No watches are found for this link');
  }

  @Post('unsubscribe/:token')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'One-click unsubscribe (RFC 8058 List-Unsubscribe-Post target): stops every mail and erases the address',
    description: 'Answers 200 also for a token that is already gone, so repeating it is harmless.',
  })
  @ApiResponse({ status: 200, description: 'Unsubscribed' })
  @ApiResponse({ status: 400, description: 'Not a token' })
  async unsubscribe(@Param('token') token: string): Promise<{ unsubscribed: true }> {
    await this.backend.eraseAlerts(parseToken(token, 'token'));
    return { unsubscribed: true };
  }
}
