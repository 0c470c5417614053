import { CompressionCodecs, CompressionTypes } from 'kafkajs';
import { constants, zstdCompressSync, zstdDecompressSync } from 'node:zlib';

/**
 * Record batches of at least this many bytes go to the broker zstd-compressed; smaller ones (most requests, store
 * totals and other small replies) as they are, where compressing would cost more than the bytes it saves.
 */
export const COMPRESS_FROM_BYTES = 16 * 1024;

/** zstd's fastest level: a 125 kB search answer shrinks about tenfold in a fraction of a millisecond. */
const ZSTD_LEVEL = 1;

/**
 * kafkajs's codec interface (the one its docs use for the Snappy and LZ4 packages): `compress` gets the encoder of
 * the batch's records, `decompress` the compressed bytes of a fetched batch. Node's own zstd (node:zlib) does the work.
 */
export const zstdCodec = {
  async compress(encoder: { buffer: Buffer }): Promise<Buffer> {
    return zstdCompressSync(encoder.buffer, { params: { [constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL } });
  },
  async decompress(buffer: Buffer): Promise<Buffer> {
    return zstdDecompressSync(buffer);
  },
};

// kafkajs ships GZIP only and throws "not implemented" for the others. Registered when this module loads, which
// every process does before its first consumer fetches (kafka-rpc.ts imports it), so each one reads what another sends.
CompressionCodecs[CompressionTypes.ZSTD] = () => zstdCodec;

/** The compression of a produce request of `bytes`: zstd from COMPRESS_FROM_BYTES on, none below. */
export function compressionFor(bytes: number): CompressionTypes {
  return bytes >= COMPRESS_FROM_BYTES ? CompressionTypes.ZSTD : CompressionTypes.None;
}
