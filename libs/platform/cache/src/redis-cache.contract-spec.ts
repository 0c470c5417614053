import Redis from 'ioredis';
import { COMPRESS_TEXT_FROM, RedisCacheStore } from './index';

const URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:56379';
const PREFIX = `test-cache-${process.pid}:`;

/** RedisCacheStore's text values on a real Redis: large ones stored compressed, every one read back as it was. */
describe('RedisCacheStore texts', () => {
  let store: RedisCacheStore;
  let redis: Redis;

  beforeAll(async () => {
    store = new RedisCacheStore(URL, PREFIX);
    redis = new Redis(URL);
    for (let i = 0; i < 50 && !store.available(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(store.available()).toBe(true);
  });

  afterAll(async () => {
    const keys = await redis.keys(`${PREFIX}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await store.close();
  });

  const answer = JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `Täysmaito ${i} 1 l, "luomu" – äöå`, price: 100 + i })));

  it('stores a large answer compressed and gives back exactly its text', async () => {
    expect(answer.length).toBeGreaterThan(COMPRESS_TEXT_FROM);
    await store.setText('large', answer, 30);
    expect(await redis.strlen(`${PREFIX}large`)).toBeLessThan(Buffer.byteLength(answer) / 4);
    expect(await store.getText('large')).toBe(answer);
    expect(await redis.ttl(`${PREFIX}large`)).toBeGreaterThan(0);
  });

  it('stores a small text as it is', async () => {
    const small = '[{"id":1,"name":"Ruisleipä"}]';
    await store.setText('small', small, 30);
    expect(await redis.get(`${PREFIX}small`)).toBe(small);
    expect(await store.getText('small')).toBe(small);
  });

  it('still reads a large text stored uncompressed (written before this version)', async () => {
    await redis.set(`${PREFIX}old`, answer, 'EX', 30);
    expect(await store.getText('old')).toBe(answer);
    expect(await store.getText('missing')).toBeUndefined();
  });
});
