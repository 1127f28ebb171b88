import { randomUUID } from 'node:crypto';
import type { Principal } from '@nivaas/contracts/auth.schema';
import { MAX_ID } from '@nivaas/contracts/common.schema';
import {
  EVENT_TIME_FUTURE_LIMIT_MS,
  EVENT_TIME_PAST_LIMIT_MS,
  PERSONAL_METADATA_KEYS,
  type TrackedEvent,
  type TrackEventBatch,
  type TrackSessionEnd,
  type TrackSessionStart,
} from '@nivaas/contracts/tracking.schema';
import type { TrafficSourceValue, VisitorType } from '@nivaas/db';
import type { NewTrackedEvent, TrackingRepository } from './tracking.repository';
import type { EventJournal } from './tracking-journal';
import { createEventWriter } from './tracking-writer';
import { classifyTrafficSource, type IpCityTable, parseUserAgent, TRAFFIC_SOURCES } from './visitor-facts';

/** What the request itself says about its sender: never the payload's claims. */
export interface RequestFacts {
  /** Who the bearer token names; null for a guest (no token, or one that did not verify). */
  principal: Principal | null;
  /** The client's address as TRUST_PROXY resolves it (request.ip). */
  ip: string;
  userAgent: string | undefined;
  /** The Host header, so a referrer from our own site counts as internal. */
  host: string;
}

export interface TrackingServiceOptions {
  repository: TrackingRepository;
  ipCities: IpCityTable;
  clock: () => Date;
  /**
   * The embedded database's journal (decision 034): batches are acknowledged once on disk beside the database and
   * written to it moments later. Without one (PostgreSQL, an in-memory database) each call waits for its commit.
   */
  journal?: EventJournal | undefined;
}

export interface BatchOutcome {
  stored: number;
  duplicates: number;
}

const PERSONAL_KEYS = new Set<string>(PERSONAL_METADATA_KEYS);
const MAX_CITY_LENGTH = 100;

/** The signed-in identity, for visitors who allowed analytics. Staff browsing the site are not visitors: no key. */
function identityOf(principal: Principal | null): { visitorKey: string | null; visitorType: VisitorType } {
  if (principal?.kind === 'user' || principal?.kind === 'broker') return { visitorKey: `${principal.kind}:${principal.id}`, visitorType: principal.kind };
  return { visitorKey: null, visitorType: 'guest' };
}

/**
 * The metadata the server keeps: personal keys (e-mail, phone, mobile, name, in any letter case) are dropped, so the
 * spec's USER_LOGIN e-mail never reaches the database; the token's identity stands in for it. Empty becomes null.
 */
function keptMetadata(metadata: TrackedEvent['metadata']): Record<string, unknown> | null {
  if (metadata === undefined) return null;
  const kept = Object.entries(metadata).filter(([key]) => !PERSONAL_KEYS.has(key.toLowerCase()));
  return kept.length === 0 ? null : Object.fromEntries(kept);
}

/** metadata.projectId as the per-project rollups need it: a whole row id, else nothing. */
function projectIdOf(metadata: TrackedEvent['metadata']): number | null {
  const value = metadata?.['projectId'];
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= MAX_ID ? id : null;
}

/** The client's clock, trusted within a week back (an offline phone's unsent list) and five minutes ahead. */
function clampedTime(at: string, received: Date): Date {
  const claimed = Date.parse(at);
  const earliest = received.getTime() - EVENT_TIME_PAST_LIMIT_MS;
  const latest = received.getTime() + EVENT_TIME_FUTURE_LIMIT_MS;
  return new Date(Math.min(latest, Math.max(earliest, claimed)));
}

function trafficSourceOf(source: string): TrafficSourceValue {
  return (TRAFFIC_SOURCES as readonly string[]).includes(source) ? (source as TrafficSourceValue) : 'referral';
}

function cityText(value: string | null | undefined): string | null {
  const city = value?.trim();
  return city ? city.slice(0, MAX_CITY_LENGTH) : null;
}

/**
 * Visit and event ingestion (issue 12). Consent 'essential' (or none sent) keeps event name, page, time, device
 * type and the allowed metadata, and nothing that points at a person: no identity, no address, no city, no source.
 * Consent 'analytics' adds the bearer's identity, the address, a coarse city and the parsed agent.
 */
export function createTrackingService({ repository, ipCities, clock, journal }: TrackingServiceOptions) {
  const writer = createEventWriter(repository);
  const store = journal ? journal.append : writer.write;
  return {
    /** spec §7 POST /track/session/start: answers the new session's id. */
    async startSession(payload: TrackSessionStart, facts: RequestFacts): Promise<string> {
      const id = randomUUID();
      const analytics = payload.consent === 'analytics';
      const agent = parseUserAgent(facts.userAgent, payload.device?.type ?? undefined);
      const identity = identityOf(facts.principal);
      // A guest who allowed analytics is counted by the browser's device id (spec §3 device.id), so one visitor's
      // sessions are one visitor; it cannot name an account (the 'guest:' prefix), whatever it holds.
      const deviceId = payload.device?.id?.trim();
      const visitorKey = !analytics ? null : (identity.visitorKey ?? `guest:${deviceId || id}`);
      const source = analytics ? classifyTrafficSource(payload.traffic_source?.referrer ?? undefined, payload.entry_page, facts.host) : null;
      await repository.insertSession({
        id,
        consent: payload.consent,
        visitorKey,
        userType: analytics ? identity.visitorType : 'guest',
        deviceType: agent.deviceType,
        os: analytics ? agent.os : null,
        browser: analytics ? agent.browser : null,
        browserVersion: analytics ? agent.browserVersion : null,
        // The server's own table first: the client's city (geolocation or the navbar's pick) is only a fallback.
        city: analytics ? (ipCities.cityFor(facts.ip) ?? cityText(payload.location?.city) ?? cityText(payload.selectedCity)) : null,
        trafficSource: source ? trafficSourceOf(source.source) : null,
        referrerHost: source?.referrerHost ?? null,
        entryPage: payload.entry_page,
        ipAddress: analytics ? facts.ip : null,
        startedAt: clock(),
      });
      return id;
    },

    /** spec §7 PUT /track/session/end. An unknown session is not an error (spec §8: the client may hold a local id). */
    async endSession({ sessionId, exit_page: exitPage }: TrackSessionEnd): Promise<void> {
      await repository.endSession(sessionId, exitPage, clock());
    },

    /**
     * spec §7 POST /track/event. Resolves only after the batch has committed (with the other calls' batches that
     * arrived meanwhile, in one statement: tracking-writer.ts), or, with the embedded database's journal, once it is
     * on disk beside the database (decision 034); so a 2xx means kept. An event sent before (same id) is counted as a
     * duplicate and not stored again.
     */
    async recordEvents(batch: TrackEventBatch, facts: RequestFacts): Promise<BatchOutcome> {
      const receivedAt = clock();
      const analytics = batch.consent === 'analytics';
      const identity = analytics ? identityOf(facts.principal) : identityOf(null);
      const { deviceType } = parseUserAgent(facts.userAgent);
      const events: NewTrackedEvent[] = batch.events.map((event) => ({
        eventId: event.id,
        sessionId: event.sessionId ?? batch.sessionId ?? null,
        visitorKey: identity.visitorKey,
        visitorType: identity.visitorType,
        eventName: event.event_name,
        pagePath: event.page,
        projectId: projectIdOf(event.metadata),
        deviceType,
        metadata: keptMetadata(event.metadata),
        occurredAt: clampedTime(event.at, receivedAt),
      }));
      const stored = await store({ events, analytics, receivedAt, currentSessionId: batch.sessionId ?? null });
      return { stored, duplicates: events.length - stored };
    },

    /** Resolves once every acknowledged event is in the database (immediate without a journal). */
    flushed: async (): Promise<void> => journal?.flushed(),

    /** Shutdown, before the database closes: the journal written to the database, or left on disk for the next start. */
    close: async (): Promise<void> => journal?.close(),
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;
