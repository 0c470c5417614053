import { CompressionTypes } from 'kafkajs';
import { COMPRESS_FROM_BYTES, compressionFor, zstdCodec } from './kafka-compression';

// kafkajs looks codecs up here when it encodes a produce request and decodes a fetched batch.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const codecs = require('kafkajs/src/protocol/message/compression') as { lookupCodec(type: number): typeof zstdCodec };

describe('Kafka compression', () => {
  const answer = Buffer.from(JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `Täysmaito ${i} 1 l`, price: 100 + i }))));

  it('is what kafkajs uses for zstd batches, and gives back the bytes it took', async () => {
    expect(codecs.lookupCodec(CompressionTypes.ZSTD)).toBe(zstdCodec);
    const compressed = await zstdCodec.compress({ buffer: answer });
    expect(compressed.length).toBeLessThan(answer.length / 5);
    expect((await zstdCodec.decompress(compressed)).equals(answer)).toBe(true);
  });

  it('compresses a produce request from 16 kB on, and not the small ones', () => {
    expect(compressionFor(COMPRESS_FROM_BYTES - 1)).toBe(CompressionTypes.None);
    expect(compressionFor(300)).toBe(CompressionTypes.None);
    expect(compressionFor(COMPRESS_FROM_BYTES)).toBe(CompressionTypes.ZSTD);
    expect(compressionFor(125_000)).toBe(CompressionTypes.ZSTD);
  });
});
