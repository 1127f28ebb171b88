import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { catalogueSerializer } from './catalogue-serializer';

const Answer = z.object({ success: z.literal(true), name: z.string(), price: z.number().int().nullable() });

/** One route answering whatever the test hands it, with the catalogue serializer in the given mode. */
async function appAnswering(answer: unknown, check: boolean) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.get(
    '/thing',
    { serializerCompiler: catalogueSerializer({ check }), schema: { querystring: z.object({ fail: z.literal('no').optional() }), response: { 200: Answer } } },
    async () => answer as z.infer<typeof Answer>,
  );
  await app.ready();
  return app;
}

describe('catalogueSerializer', () => {
  it('sends an answer that matches its schema as built, checked or not', async () => {
    const answer = { success: true, name: 'Lake View', price: null };
    for (const check of [true, false]) {
      const app = await appAnswering(answer, check);
      const response = await app.inject({ method: 'GET', url: '/thing' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(answer);
      await app.close();
    }
  });

  it('fails, when checking, an answer holding a field the schema would strip, which production would send', async () => {
    const answer = { success: true, name: 'Lake View', price: 1, ownerPhone: '98450 00000' };
    const checked = await appAnswering(answer, true);
    expect((await checked.inject({ method: 'GET', url: '/thing' })).statusCode).toBe(500);
    await checked.close();
    const unchecked = await appAnswering(answer, false);
    expect((await unchecked.inject({ method: 'GET', url: '/thing' })).json()).toHaveProperty('ownerPhone');
    await unchecked.close();
  });

  it('fails, when checking, an answer of the wrong type, as zod always did', async () => {
    const app = await appAnswering({ success: true, name: 'Lake View', price: 1.5 }, true);
    expect((await app.inject({ method: 'GET', url: '/thing' })).statusCode).toBe(500);
    await app.close();
  });
});
