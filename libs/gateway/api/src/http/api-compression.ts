import compression from 'compression';
import type { RequestHandler } from 'express';
import { constants } from 'node:zlib';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Compresses the API's JSON for clients that accept it (brotli or gzip, whichever the client prefers): a search
 * answer of 100 items is about 130 kB as JSON and a tenth of that compressed, which is what a phone on a weak
 * signal waits for. Fast settings (brotli quality 4, gzip level 1): most of the saving for a small part of the CPU.
 * The web app's files are precompressed at build time and are not touched here.
 */
export function apiCompression(): RequestHandler {
  return compression({
    threshold: COMPRESS_FROM_BYTES,
    level: constants.Z_BEST_SPEED,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
