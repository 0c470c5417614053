import type { CompressionAlgorithmValue } from '@platformatic/kafka';

/**
 * Record batches of at least this many bytes go to the broker zstd-compressed; smaller ones (most requests, store
 * totals and other small replies) as they are, where compressing would cost more than the bytes it saves.
 * The Kafka client compresses and decompresses zstd itself (with Node's own zstd).
 */
export const COMPRESS_FROM_BYTES = 16 * 1024;

/** The compression of a produce request of `bytes`: zstd from COMPRESS_FROM_BYTES on, none below. */
export function compressionFor(bytes: number): CompressionAlgorithmValue {
  return bytes >= COMPRESS_FROM_BYTES ? 'zstd' : 'none';
}
