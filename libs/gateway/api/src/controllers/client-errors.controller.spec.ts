import { BadRequestException } from '@nestjs/common';
import { parseClientErrorReport } from './client-errors.controller';

describe('parseClientErrorReport', () => {
  const valid = { message: 'TypeError: boom', stack: 'at x', url: '/haku?search=maito', kind: 'boundary' };

  it('accepts a complete report', () => {
    expect(parseClientErrorReport(valid)).toEqual({ ...valid, release: null });
  });

  it.each([
    [null, 'body must be a JSON object'],
    [[], 'body must be a JSON object'],
    [{ ...valid, kind: 'other' }, 'kind must be one of'],
    [{ ...valid, message: undefined }, 'message is required'],
    [{ ...valid, message: 42 }, 'message must be a string'],
    [{ ...valid, url: 'https://evil.example/x' }, 'url must be a path'],
    [{ ...valid, stack: 'x'.repeat(10001) }, 'stack must be at most 10000 characters'],
  ])('rejects %j with a message', (body, message) => {
    expect(() => parseClientErrorReport(body)).toThrow(BadRequestException);
    expect(() => parseClientErrorReport(body)).toThrow(message);
  });
});
