import { BadRequestException } from '@nestjs/common';
import { CompiledContract } from '../http/contract';
import { clientErrorsContract } from './client-errors.controller';

describe('client error reports', () => {
  const contract = new CompiledContract(clientErrorsContract);
  const check = (body: unknown) => contract.validate({ body });
  const valid = { message: 'TypeError: boom', stack: 'at x', url: '/haku?search=maito', kind: 'boundary' };

  it('accepts a complete report, and null or no stack and release', () => {
    expect(check(valid).body).toEqual(valid);
    expect(check({ ...valid, stack: null, release: null }).body).toMatchObject({ stack: null, release: null });
  });

  it.each([
    [null, 'The request body must be a JSON object'],
    [[], 'The request body must be a JSON object'],
    [{ ...valid, kind: 'other' }, 'kind must be one of boundary, window, promise, got "other"'],
    [{ ...valid, message: undefined }, 'message is required'],
    [{ ...valid, message: 42 }, 'message must be text, got 42'],
    [{ ...valid, url: 'https://evil.example/x' }, 'url must be a path on this site, starting with /'],
    [{ ...valid, stack: 'x'.repeat(10001) }, 'stack must be text of at most 10000 characters, or null'],
    [{ ...valid, colour: 'red' }, 'Unknown field in body: colour'],
  ])('rejects %j with a message', (body, message) => {
    expect(() => check(body)).toThrow(BadRequestException);
    expect(() => check(body)).toThrow(message);
  });
});
