import { AlertsPatterns, ConfirmResult, EraseResult, ManageDto, SubscribeResult } from '@hintakori/alerts-contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseDeleteWatchRequest, parseSubscribeRequest, parseTokenRequest } from './alert-requests';
import { AlertsService } from './alerts.service';

/** Answers every alerts pattern; payloads are validated here because any caller may send anything. */
@Controller()
export class AlertsHandler {
  constructor(private readonly alerts: AlertsService) {}

  @MessagePattern(AlertsPatterns.Subscribe)
  subscribe(@Payload() data: unknown): Promise<SubscribeResult> {
    return this.alerts.subscribe(parseSubscribeRequest(data));
  }

  @MessagePattern(AlertsPatterns.Confirm)
  confirm(@Payload() data: unknown): Promise<ConfirmResult> {
    return this.alerts.confirm(parseTokenRequest(data).token);
  }

  @MessagePattern(AlertsPatterns.Manage)
  manage(@Payload() data: unknown): Promise<ManageDto> {
    return this.alerts.manage(parseTokenRequest(data).token);
  }

  @MessagePattern(AlertsPatterns.DeleteWatch)
  deleteWatch(@Payload() data: unknown): Promise<{ deleted: true }> {
    return this.alerts.deleteWatch(parseDeleteWatchRequest(data));
  }

  @MessagePattern(AlertsPatterns.Erase)
  erase(@Payload() data: unknown): Promise<EraseResult> {
    return this.alerts.erase(parseTokenRequest(data).token);
  }
}
