import { Writable } from 'node:stream';
import pino from 'pino';
import { expect, it } from 'vitest';
import { loggerOptions } from './logger';

it('redacts credentials wherever a request or its headers are logged', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = pino(loggerOptions({ logLevel: 'info', nodeEnv: 'production' }), sink);
  const headers = { authorization: 'Bearer eyJ.secret', cookie: 'refresh=secret', 'user-agent': 'curl' };
  logger.info({ req: { headers } }, 'request');
  logger.info({ headers }, 'headers');

  const output = lines.join('');
  expect(output).not.toContain('secret');
  expect(output).toContain('curl');
  expect(JSON.parse(lines[0] ?? '{}').req.headers.authorization).toBe('[redacted]');
});
