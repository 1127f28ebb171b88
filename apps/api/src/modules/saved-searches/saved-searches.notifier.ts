import type { Config } from '../../config';

/** Links in notices point at PUBLIC_ORIGIN; without it, at this server as it runs locally. */
export function noticeOrigin(config: Pick<Config, 'publicOrigin' | 'port'>): string {
  return config.publicOrigin ?? `http://localhost:${config.port}`;
}
