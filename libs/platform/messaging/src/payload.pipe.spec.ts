import { BadRequestException } from '@nestjs/common';
import { Type } from 'typebox';
import { PayloadPipe, payloadPipe } from './payload.pipe';

describe('PayloadPipe', () => {
  const Schema = Type.Object({ ids: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 2 }) });
  const pipe = new PayloadPipe(Schema);

  it('hands a valid payload on as it came', () => {
    const payload = { ids: [1, 2], extra: 'kept' };
    expect(pipe.transform(payload)).toBe(payload);
    expect(pipe.problem(payload)).toBeNull();
  });

  it('refuses an invalid one with a 400 that names the field and the problem', () => {
    expect(() => pipe.transform({ ids: [1, 2, 3] })).toThrow(new BadRequestException('ids may list at most 2 values, got 3'));
    expect(pipe.problem({ ids: [0] })).toBe('ids must be positive integers, got 0');
    expect(pipe.problem('ids')).toBe('The request body must be a JSON object');
  });

  it('compiles one pipe per schema', () => {
    expect(payloadPipe(Schema)).toBe(payloadPipe(Schema));
    expect(payloadPipe(Schema)).not.toBe(payloadPipe(Type.Object({})));
  });
});
