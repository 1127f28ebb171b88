import { describe, expect, it } from 'vitest';
import { MAX_EVENTS_PER_BATCH, TrackEventBatchSchema, TrackSessionEndSchema, TrackSessionStartSchema } from './tracking.schema';

const event = (over: Record<string, unknown> = {}) => ({
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  event_name: 'PAGE_VIEW',
  at: '2026-11-24T09:00:00.000Z',
  page: '/developers',
  ...over,
});

function fieldsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }): string[] {
  return (result.error?.issues ?? []).map((issue) => issue.path.join('.'));
}

describe('TrackEventBatchSchema', () => {
  it('takes a batch with and without a session id and consent', () => {
    expect(TrackEventBatchSchema.safeParse({ events: [event()] }).success).toBe(true);
    expect(TrackEventBatchSchema.safeParse({ sessionId: 'abc-123', consent: 'analytics', events: [event({ metadata: { projectId: 4, query: 'whitefield', x: null, ok: true } })] }).success).toBe(true);
  });

  it('names the field of an unknown event name, a bad id, a page that is not a path and a bad time', () => {
    expect(fieldsOf(TrackEventBatchSchema.safeParse({ events: [event({ event_name: 'DROP_TABLE' })] }))).toEqual(['events.0.event_name']);
    expect(fieldsOf(TrackEventBatchSchema.safeParse({ events: [event({ id: 'nope' })] }))).toEqual(['events.0.id']);
    expect(fieldsOf(TrackEventBatchSchema.safeParse({ events: [event({ page: 'https://evil.example/' })] }))).toEqual(['events.0.page']);
    expect(fieldsOf(TrackEventBatchSchema.safeParse({ events: [event({ at: 'yesterday' })] }))).toEqual(['events.0.at']);
  });

  it('bounds the batch and the metadata', () => {
    expect(TrackEventBatchSchema.safeParse({ events: [] }).success).toBe(false);
    expect(TrackEventBatchSchema.safeParse({ events: Array.from({ length: MAX_EVENTS_PER_BATCH + 1 }, () => event()) }).success).toBe(false);
    const manyKeys = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]));
    expect(TrackEventBatchSchema.safeParse({ events: [event({ metadata: manyKeys })] }).success).toBe(false);
    expect(TrackEventBatchSchema.safeParse({ events: [event({ metadata: { nested: { a: 1 } } })] }).success).toBe(false);
    expect(TrackEventBatchSchema.safeParse({ events: [event({ metadata: { q: 'x'.repeat(301) } })] }).success).toBe(false);
  });

  it('refuses fields it does not know', () => {
    expect(fieldsOf(TrackEventBatchSchema.safeParse({ userId: 7, events: [event()] }))).toEqual(['']);
  });
});

describe('TrackSessionStartSchema', () => {
  it("parses spec §3's whole payload, claims included", () => {
    const parsed = TrackSessionStartSchema.safeParse({
      userId: 'u-1',
      user_type: 'broker',
      device: { id: 'd', type: 'mobile', os: 'Android', browser: 'Chrome', version: '124' },
      entry_page: '/?utm_source=newsletter',
      ip_address: '1.2.3.4',
      location: { area: null, longitude: 77.6, latitude: 12.9, timezone: 'Asia/Kolkata', city: 'Bengaluru', pin: '560001', country: 'India', ip: '1.2.3.4', address: null },
      traffic_source: { trafficSource: 'google', trafficMedium: 'organic', referrer: 'https://www.google.com/' },
      consent: 'analytics',
      selectedCity: 'Bengaluru',
    });
    expect(parsed.success).toBe(true);
  });

  it('needs an entry page and a consent', () => {
    expect(fieldsOf(TrackSessionStartSchema.safeParse({ entry_page: '/' }))).toEqual(['consent']);
  });
});

describe('TrackSessionEndSchema', () => {
  it('takes a local session id and refuses one with other characters', () => {
    expect(TrackSessionEndSchema.safeParse({ sessionId: 'local_1a2b', exit_page: '/blog' }).success).toBe(true);
    expect(fieldsOf(TrackSessionEndSchema.safeParse({ sessionId: 'a b', exit_page: '/blog' }))).toEqual(['sessionId']);
  });
});
