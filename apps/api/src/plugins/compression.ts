import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/** 1 KiB is the plugin's default floor below which compressing is not worth it. */
const THRESHOLD = 1024;
const ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];

/**
 * A route's `config.compress` for JSON built per request (the results page, a project, search: decision 040). Brotli
 * quality 3 instead of the plugin's 4: about half the time for 4-5% more bytes on a 40 kB results page (5.5 kB
 * against 5.2 kB), and that time is spent once per request. Static files keep the plugin's default quality.
 * Repeats the global threshold and encodings, because a route's options replace the plugin's, not add to them.
 */
export const DYNAMIC_JSON_COMPRESSION = {
  threshold: THRESHOLD,
  encodings: ENCODINGS,
  brotliOptions: { params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 3 } },
};

/**
 * gzip/brotli for JSON and the web bundle. Images are already compressed (WebP), so the default
 * content-type filter leaves them alone.
 */
const compressionPlugin: FastifyPluginAsync = async (app) => {
  await app.register(compress, { global: true, threshold: THRESHOLD, encodings: ENCODINGS });
};

export default fp(compressionPlugin, { name: 'compression' });
