import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Response } from 'express';

/** The anonymous browser id set by the owner cookie middleware. */
export const OwnerId = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const response = context.switchToHttp().getResponse<Response>();
  return response.locals.ownerId as string;
});
