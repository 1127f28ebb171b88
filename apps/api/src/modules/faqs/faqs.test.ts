import type { FaqListResponse } from '@nivaas/contracts/faq.schema';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createFaq } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({
    prepare: async ({ db }) => {
      await createFaq(db, { question: 'Second?', position: 2 });
      await createFaq(db, { question: 'Pending?', position: 0, approval: 'pending' });
      await createFaq(db, { question: 'First?', answer: 'Yes.', position: 1 });
      await createFaq(db, { question: 'Rejected?', position: 0, approval: 'rejected' });
      await createFaq(db, { question: 'Also second, added later?', position: 2 });
      await createFaq(db, { question: 'About builders?', associatedWith: 'builder_faqs' });
    },
  });
});

afterAll(async () => {
  await ctx?.close();
});

async function getFaqs(query: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/faq?${query}` });
}

it('GET /api/faq lists the approved FAQs of the contact page in display order', async () => {
  const response = await getFaqs('associatedWith=contact_faqs&approval=approved');
  expect(response.statusCode).toBe(200);
  const body = response.json() as FaqListResponse;
  expect(body.faqs.map((faq) => faq.question)).toEqual(['First?', 'Second?', 'Also second, added later?']);
  expect(body.faqs[0]).toEqual({ id: expect.any(Number), question: 'First?', answer: 'Yes.', associatedWith: 'contact_faqs' });
  // Without parameters: the contact page's, still approved only.
  expect((await getFaqs('')).json()).toEqual(body);
});

it('GET /api/faq keeps each page to its own FAQs', async () => {
  const body = (await getFaqs('associatedWith=builder_faqs')).json() as FaqListResponse;
  expect(body.faqs.map((faq) => faq.question)).toEqual(['About builders?']);
  expect(((await getFaqs('associatedWith=nowhere')).json() as FaqListResponse).faqs).toEqual([]);
});

it('GET /api/faq refuses to show unapproved FAQs and malformed pages with 400 naming the field', async () => {
  const cases: [string, string][] = [
    ['approval=pending', 'approval'],
    ['approval=rejected', 'approval'],
    ["associatedWith=contact'faqs", 'associatedWith'],
    [`associatedWith=${'x'.repeat(61)}`, 'associatedWith'],
  ];
  for (const [query, field] of cases) {
    const response = await getFaqs(query);
    expect(response.statusCode, query).toBe(400);
    expect(response.json(), query).toMatchObject({ success: false, field });
  }
});
