import { loadPageOptions } from './page-options';

describe('loadPageOptions', () => {
  it('limits pages and renders by default', () => {
    expect(loadPageOptions({})).toEqual({ perMinute: 240, maxRenders: 4, rendersPerClientPerMinute: 30 });
  });

  it("turns the pages' limits off with the API's switch RATE_LIMIT_PER_MINUTE=0 unless they are set", () => {
    expect(loadPageOptions({ RATE_LIMIT_PER_MINUTE: '0' })).toEqual({ perMinute: 0, maxRenders: 4, rendersPerClientPerMinute: 0 });
    expect(loadPageOptions({ RATE_LIMIT_PER_MINUTE: '0', PAGE_RATE_LIMIT_PER_MINUTE: '60' }).perMinute).toBe(60);
    expect(loadPageOptions({ PAGE_RATE_LIMIT_PER_MINUTE: '0' }).perMinute).toBe(0);
  });

  it('stops the gateway on a bad value, naming the variable', () => {
    expect(() => loadPageOptions({ FIRST_SCREEN_MAX_RENDERS: '0' })).toThrow(/FIRST_SCREEN_MAX_RENDERS must be an integer between 1 and 64, got "0"/);
    expect(() => loadPageOptions({ PAGE_RATE_LIMIT_PER_MINUTE: 'many' })).toThrow(/PAGE_RATE_LIMIT_PER_MINUTE/);
  });
});
