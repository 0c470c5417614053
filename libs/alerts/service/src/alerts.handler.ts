import { AlertsPatterns, ConfirmResult, DeleteWatchRequest, EraseResult, ManageDto, SubscribeRequest, SubscribeResult, TokenRequest } from '@hintakori/alerts-contracts';
import { ValidPayload } from '@hintakori/platform-messaging';
import { distinctIds } from '@hintakori/shared-contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { AlertsService } from './alerts.service';
import { normaliseEmail } from './email';

/**
 * A subscribe request with its address normalised (trimmed, lower case; the schema checked it is an address) and each
 * store once: a store listed twice counts once, its first entry kept (distinctIds, the one policy for repeated ids).
 */
export function normaliseSubscribeRequest(request: SubscribeRequest): SubscribeRequest {
  const first = new Map<number, SubscribeRequest['stores'][number]>();
  for (const store of request.stores) if (!first.has(store.storeId)) first.set(store.storeId, store);
  const stores = distinctIds(request.stores.map((s) => s.storeId)).map((id) => first.get(id) as SubscribeRequest['stores'][number]);
  return { ...request, email: normaliseEmail(request.email), stores };
}

/** Answers every alerts pattern; each payload is checked against its contract schema before it gets here. */
@Controller()
export class AlertsHandler {
  constructor(private readonly alerts: AlertsService) {}

  @MessagePattern(AlertsPatterns.Subscribe)
  subscribe(@ValidPayload(SubscribeRequest) request: SubscribeRequest): Promise<SubscribeResult> {
    return this.alerts.subscribe(normaliseSubscribeRequest(request));
  }

  @MessagePattern(AlertsPatterns.Confirm)
  confirm(@ValidPayload(TokenRequest) { token }: TokenRequest): Promise<ConfirmResult> {
    return this.alerts.confirm(token);
  }

  @MessagePattern(AlertsPatterns.Manage)
  manage(@ValidPayload(TokenRequest) { token }: TokenRequest): Promise<ManageDto> {
    return this.alerts.manage(token);
  }

  @MessagePattern(AlertsPatterns.DeleteWatch)
  deleteWatch(@ValidPayload(DeleteWatchRequest) request: DeleteWatchRequest): Promise<{ deleted: true }> {
    return this.alerts.deleteWatch(request);
  }

  @MessagePattern(AlertsPatterns.Erase)
  erase(@ValidPayload(TokenRequest) { token }: TokenRequest): Promise<EraseResult> {
    return this.alerts.erase(token);
  }
}
