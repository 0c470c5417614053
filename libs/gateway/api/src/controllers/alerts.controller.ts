import { distinctIds, type MemberCard, REPEATED_IDS_POLICY } from '@hintakori/shared-contracts';
import { payableUnitPrice } from '@hintakori/shared-util';
import { ALERT_LIMITS, AlertToken, ConfirmResult, EmailAddress, ManageDto, SubscribeResult, TargetPrice } from '@hintakori/alerts-contracts';
import { Controller, Delete, Get, Header, HttpCode, NotFoundException, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Type } from 'typebox';
import { Backend } from '../backend';
import { Cards, errorResponses, Id, NoQuery, ok } from '../dto/schemas';
import { Input, LinkContract, Route, routeContract, RouteInput } from '../http/contract';

/** A watch covers at most this many stores. */
const MAX_WATCH_STORES = ALERT_LIMITS.storesPerRequest;

const Token = AlertToken;
const TokenParams = Type.Object({ token: Token });

const subscribeContract = routeContract({
  query: NoQuery,
  body: Type.Object(
    {
      email: EmailAddress,
      itemId: Id('itemId'),
      storeIds: Type.Array(Id(), { minItems: 1, maxItems: MAX_WATCH_STORES, description: `the stores to watch, 1–${MAX_WATCH_STORES}; ${REPEATED_IDS_POLICY}` }),
      targetPrice: Type.Optional(TargetPrice('Cents; omitted or null: any drop')),
      cards: Type.Optional(
        Type.Unsafe<MemberCard[]>({
          ...Cards,
          description: 'the membership cards the subscriber holds: a drop is measured on the price they would pay, a member price of a card they hold included; omitted or empty: shelf prices',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  responses: {
    202: ok('Accepted: a confirmation mail is on its way if the address can receive one', Type.Object({ ...SubscribeResult.properties, message: Type.String() })),
    ...errorResponses({ 400: 'Malformed address, bad item or store ids, bad target price, unknown fields', 404: 'Unknown item or store', 413: 'Body over 100 kB' }),
  },
});

/** The manage token (the link in every mail) opens the address's management routes. */
const manageLinks = (token: string): Record<string, LinkContract> => ({
  manage: { operationId: 'AlertsController_manage', parameters: { token } },
  erase: { operationId: 'AlertsController_erase', parameters: { token } },
  unsubscribe: { operationId: 'AlertsController_unsubscribe', parameters: { token } },
});

const confirmContract = routeContract({
  params: TokenParams,
  query: NoQuery,
  responses: {
    200: ok(
      'Confirmed; the answer holds a new manage token of the address (each mail carries its own; all work until the address is erased)',
      ConfirmResult,
      manageLinks('$response.body#/manageToken'),
    ),
    ...errorResponses({ 400: 'Not a token', 404: 'Unknown or already used token', 409: 'The address already watches 100 products', 410: 'The token has expired' }),
  },
});

const manageContract = routeContract({
  params: TokenParams,
  query: NoQuery,
  responses: {
    200: ok('The address and its watches', ManageDto, {
      deleteWatch: { operationId: 'AlertsController_deleteWatch', parameters: { token: '$request.path.token', watchId: '$response.body#/watches/0/id' } },
      erase: { operationId: 'AlertsController_erase', parameters: { token: '$request.path.token' } },
    }),
    ...errorResponses({ 400: 'Not a token', 404: 'Unknown token (or everything was erased)' }),
  },
});

const deleteWatchContract = routeContract({
  params: Type.Object({ token: Token, watchId: Id('watch id') }),
  query: NoQuery,
  responses: { 204: ok('Deleted'), ...errorResponses({ 400: 'Not a token or watch id', 404: 'No such watch for this token' }) },
});

const eraseContract = routeContract({
  params: TokenParams,
  query: NoQuery,
  responses: { 204: ok('Erased'), ...errorResponses({ 400: 'Not a token', 404: 'Unknown token (or already erased)' }) },
});

const unsubscribeContract = routeContract({
  params: TokenParams,
  responses: { 200: ok('Unsubscribed', Type.Object({ unsubscribed: Type.Literal(true) })), ...errorResponses({ 400: 'Not a token' }) },
});

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
      'Sends a confirmation link (valid 48 h) to the address; nothing else is sent before it is confirmed. The answer is the same whether or not the address is known or already subscribed. The mail names no product or store: it says only what Hintakori writes, and the link. Limits: 5 pending confirmations per address (more are silently dropped), 20 requests per client address an hour (an IPv6 client counted by its /64), and a global budget of confirmation mails an hour (ALERTS_CONFIRMATION_MAILS_PER_HOUR; beyond it the answer is the same and nothing is sent).',
  })
  @Route(subscribeContract)
  async subscribe(@Input() { body }: RouteInput<typeof subscribeContract>, @Req() req: Request): Promise<SubscribeResult & { message: string }> {
    const { email, itemId } = body;
    const storeIds = distinctIds(body.storeIds);
    const targetPrice = body.targetPrice ?? null;
    const [item, stores] = await Promise.all([this.backend.item(itemId, storeIds), this.backend.storesByIds(storeIds)]);
    const storeById = new Map(stores.map((store) => [store.id, store]));
    const missing = storeIds.filter((id) => !storeById.has(id));
    if (missing.length > 0) throw new NotFoundException(`Unknown store(s): ${missing.join(', ')}`);
    const cards = body.cards ?? [];
    // The reference is the price this subscriber would pay today (their cards, the campaign's dates), as every later observation is.
    const prices = new Map(item.storeItems.map((s) => [s.storeId, s.price === null ? null : payableUnitPrice({ ...s, price: s.price }, cards)]));
    const result = await this.backend.subscribeAlert({
      email,
      itemId,
      itemName: item.name,
      itemSlug: item.urlSlug,
      stores: storeIds.map((id) => ({ storeId: id, storeName: (storeById.get(id) as { name: string }).name, price: prices.get(id) ?? null })),
      targetPrice,
      ...(cards.length > 0 ? { cards } : {}),
      clientAddress: req.ip ?? 'unknown',
    });
    return { ...result, message: 'If the address can receive mail, a confirmation link has been sent to it' };
  }

  @Post('confirm/:token')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Confirm a watch request with the token of the confirmation mail (single use, 48 h)' })
  @Route(confirmContract)
  confirm(@Input() { params }: RouteInput<typeof confirmContract>): Promise<ConfirmResult> {
    return this.backend.confirmAlert(params.token);
  }

  @Get('manage/:token')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "An address's watches (the link in every mail)" })
  @Route(manageContract)
  manage(@Input() { params }: RouteInput<typeof manageContract>): Promise<ManageDto> {
    return this.backend.manageAlerts(params.token);
  }

  @Delete('manage/:token/watches/:watchId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Stop one watch (one item in one store)' })
  @Route(deleteWatchContract)
  async deleteWatch(@Input() { params }: RouteInput<typeof deleteWatchContract>): Promise<void> {
    await this.backend.deleteAlertWatch(params.token, params.watchId);
  }

  @Delete('manage/:token')
  @HttpCode(204)
  @ApiOperation({ summary: '"Poista kaikki tietoni": erase the address, its watches and requests' })
  @Route(eraseContract)
  async erase(@Input() { params }: RouteInput<typeof eraseContract>): Promise<void> {
    const { erased } = await this.backend.eraseAlerts(params.token);
    if (!erased) throw new NotFoundException('No watches are found for this link');
  }

  @Post('unsubscribe/:token')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'One-click unsubscribe (RFC 8058 List-Unsubscribe-Post target): stops every mail and erases the address',
    description: 'Answers 200 also for a token that is already gone, so repeating it is harmless.',
  })
  @Route(unsubscribeContract)
  async unsubscribe(@Input() { params }: RouteInput<typeof unsubscribeContract>): Promise<{ unsubscribed: true }> {
    await this.backend.eraseAlerts(params.token);
    return { unsubscribed: true };
  }
}
