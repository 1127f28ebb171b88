import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

export interface MediaPluginOptions {
  mediaDir: string;
}

const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Serves DATA_DIR/media at /media/*. @fastify/send resolves every path inside `root` and refuses
 * `..` and dotfiles, so nothing outside the folder can be read. Media files are written once under
 * their final name, hence the long cache; they are not content-hashed, so not `immutable`.
 * Encapsulated (no fastify-plugin) so its reply decorator cannot clash with the web plugin's.
 */
const mediaPlugin: FastifyPluginAsync<MediaPluginOptions> = async (app, { mediaDir }) => {
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    dotfiles: 'deny',
    index: false,
    maxAge: THIRTY_DAYS_MS,
  });
};

export default mediaPlugin;
