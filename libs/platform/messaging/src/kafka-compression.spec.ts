import { compressionsAlgorithms } from '@platformatic/kafka';
import { COMPRESS_FROM_BYTES, compressionFor } from './kafka-compression';

describe('Kafka compression', () => {
  const answer = Buffer.from(JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `Täysmaito ${i} 1 l`, price: 100 + i }))));

  it('is available in the client for zstd batches, and gives back the bytes it took', () => {
    const zstd = compressionsAlgorithms.zstd;
    expect(zstd.available).toBe(true);
    const compressed = zstd.compressSync(answer);
    expect(compressed.length).toBeLessThan(answer.length / 5);
    expect(zstd.decompressSync(compressed).equals(answer)).toBe(true);
  });

  it('compresses a produce request from 16 kB on, and not the small ones', () => {
    expect(compressionFor(COMPRESS_FROM_BYTES - 1)).toBe('none');
    expect(compressionFor(300)).toBe('none');
    expect(compressionFor(COMPRESS_FROM_BYTES)).toBe('zstd');
    expect(compressionFor(125_000)).toBe('zstd');
  });
});
