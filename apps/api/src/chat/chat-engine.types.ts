import type { ActionButtonsEvent, ChatReply, PropertyCardEvent } from '@nivaas/contracts/chat.schema';
import type { Possession, Project, PropertyType } from '@nivaas/contracts/project.schema';
import type { ChatLeadInput } from '../modules/leads/leads.service';
import type { WordHit } from '../modules/projects/projects.repository';

/**
 * The help-chat engine's edges (issue 6): the two ports it reads the world through (the catalogue and the leads,
 * so it does no I/O of its own and is unit-testable), the conversation state it is handed and gives back
 * (serialisable, so the gateway decides where it lives), and the events a turn sends.
 */

// ---------------------------------------------------------------------------------------------------------------
// What the engine needs from the outside

export interface PlaceRef {
  id: number;
  name: string;
}

export interface CatalogueQuery {
  cityId: number;
  zoneId: number | undefined;
  locationId: number | undefined;
  builderId: number | undefined;
  bhk: number[];
  propertyTypes: PropertyType[];
  minPrice: number | null;
  maxPrice: number | null;
  possession: Possession | null;
  /** From 1. */
  page: number;
  limit: number;
}

/** The live catalogue (public = active and approved only), as the chat reads it. */
export interface ChatCatalogue {
  /** Every city with a public project or listing, in display order (Bengaluru first). */
  cities(): Promise<PlaceRef[]>;
  /** A city's localities, busiest first. */
  localities(cityId: number, limit: number): Promise<PlaceRef[]>;
  /** What the words name among localities, zones, cities and public builders (typos forgiven). */
  resolve(text: string): Promise<WordHit[]>;
  search(query: CatalogueQuery): Promise<{ projects: Project[]; total: number; hasMore: boolean }>;
  /** Public projects and listings whose names match `name`, best first. */
  findByName(name: string): Promise<Project[]>;
}

/** Who the handshake's token named, if anyone. */
export interface ChatIdentity {
  kind: 'user' | 'broker';
  id: number;
}

export interface ContactDetails {
  name: string | null;
  phone: string | null;
  email: string | null;
}

/** The leads service's own input for a chat enquiry: one shape, so the engine and the service cannot drift apart. */
export type ChatLead = ChatLeadInput;

export interface ChatLeads {
  /** The signed-in person's name, phone and e-mail as stored; null when the account is gone. */
  contactOf(identity: ChatIdentity): Promise<ContactDetails | null>;
  /** 'created' or 'repeat' (a repeat within the leads module's dedupe window stores nothing); 'not_found' when the listing is no longer public. */
  submit(lead: ChatLead): Promise<'created' | 'repeat' | 'not_found'>;
}

// ---------------------------------------------------------------------------------------------------------------
// Conversation state (serialisable: it may live in Redis)

export type Awaiting = 'city' | 'area' | 'property_type' | 'contact';

export interface ShownCard {
  id: number;
  name: string;
  type: string;
}

export interface PendingContact extends ContactDetails {
  projectId: number;
  projectName: string;
  type: string;
}

export interface ConversationState {
  v: 1;
  city: PlaceRef | null;
  zone: PlaceRef | null;
  location: PlaceRef | null;
  builder: PlaceRef | null;
  propertyTypes: PropertyType[];
  bhk: number[];
  minPrice: number | null;
  maxPrice: number | null;
  /** The budget was one amount ('around 1.2 cr'): min and max are 10% either side of it. */
  budgetAround: boolean;
  possession: Possession | null;
  /** The visitor said any area / any type will do, so the engine stops asking. */
  areaSkipped: boolean;
  typeSkipped: boolean;
  awaiting: Awaiting | null;
  /** Pages of the current search shown so far; 0 before the first. */
  page: number;
  /** Recent cards, so a Contact message finds the very listing it came from. */
  shown: ShownCard[];
  contact: PendingContact | null;
  /** Listings this visitor has already enquired about in this conversation (no second lead). */
  contacted: number[];
  /**
   * A locality or zone name the visitor gave that exists in several cities, kept while the engine asks which city
   * (issue 17); the answer resolves it there. Optional: a conversation stored before it existed has none.
   */
  pendingPlace?: string | null;
}

export function newConversation(): ConversationState {
  return {
    v: 1,
    city: null,
    zone: null,
    location: null,
    builder: null,
    propertyTypes: [],
    bhk: [],
    minPrice: null,
    maxPrice: null,
    budgetAround: false,
    possession: null,
    areaSkipped: false,
    typeSkipped: false,
    awaiting: null,
    page: 0,
    shown: [],
    contact: null,
    contacted: [],
    pendingPlace: null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Events

export type ChatEvent =
  | { event: 'reply'; payload: ChatReply }
  | { event: 'property_card'; payload: PropertyCardEvent }
  | { event: 'action_buttons'; payload: ActionButtonsEvent };

export interface TurnResult {
  state: ConversationState;
  events: ChatEvent[];
}

// ---------------------------------------------------------------------------------------------------------------
// What one turn is given, and what the engine is built from

export interface ChatTurnContext {
  identity: ChatIdentity | null;
}

export interface ChatEngineDeps {
  catalogue: ChatCatalogue;
  leads: ChatLeads;
}
