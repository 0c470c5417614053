import { AlertsPatterns, ConfirmResult, DeleteWatchRequest, EraseResult, ManageDto, SubscribeRequest, SubscribeResult, TokenRequest } from '@hintakori/alerts-contracts';
import { ValidPayload } from '@hintakori/platform-messaging';
import { BadRequestException, Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { AlertsService } from './alerts.service';
import { normaliseEmail } from './email';

/**
 * A subscribe request with its address normalised (trimmed, lower case, punycode domain). What the schema cannot say
 * is checked here: the address is a mail address, and no store is listed twice.
 */
export function normaliseSubscribeRequest(request: SubscribeRequest): SubscribeRequest {
  const email = normaliseEmail(request.email);
  if (!email.ok) throw new BadRequestException(email.reason);
  if (new Set(request.stores.map((s) => s.storeId)).size !== request.stores.length) throw new BadRequestException('stores must not repeat a store');
  return { ...request, email: email.email };
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
