import compress from '@fastify/compress';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/**
 * gzip/brotli for JSON and the web bundle. Images are already compressed (WebP), so the default
 * content-type filter leaves them alone; 1 KiB is the plugin's default floor below which it is not worth it.
 */
const compressionPlugin: FastifyPluginAsync = async (app) => {
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
};

export default fp(compressionPlugin, { name: 'compression' });
