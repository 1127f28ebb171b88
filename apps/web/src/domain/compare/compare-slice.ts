import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readCompareSet } from '../../lib/storage';

/** spec §3 'Compare entry': id, name, image. A client-only shape, so it has no contract schema. */
export interface CompareEntry {
  id: number;
  name: string;
  image: string;
}

function isCompareEntry(value: unknown): value is CompareEntry {
  if (typeof value !== 'object' || value === null) return false;
  const { id, name, image } = value as Record<string, unknown>;
  return Number.isInteger(id) && (id as number) > 0 && typeof name === 'string' && typeof image === 'string';
}

/** Four columns is as many as a phone can scroll through and a desktop can show side by side. */
export const COMPARE_LIMIT = 4;

export interface CompareState {
  items: CompareEntry[];
}

/** What an add may carry: the spec says items without an id are ignored, so the id is optional here. */
export interface CompareCandidate {
  id?: number | null;
  name: string;
  image: string;
}

function withoutDuplicates(items: readonly CompareEntry[]): CompareEntry[] {
  const seen = new Set<number>();
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}

/**
 * spec §4: reloaded at start with duplicates removed. Anything that is not a list of entries (an old
 * format, a hand-edited value) is dropped entry by entry rather than losing the whole set.
 */
export function loadCompareItems(stored: unknown): CompareEntry[] {
  if (!Array.isArray(stored)) return [];
  const entries = stored.filter(isCompareEntry).map(({ id, name, image }) => ({ id, name, image }));
  return withoutDuplicates(entries).slice(0, COMPARE_LIMIT);
}

export type AddResult = 'added' | 'duplicate' | 'full' | 'invalid';

/** Why an add would be refused, so a button can say so before dispatching. */
export function checkAdd(items: readonly CompareEntry[], candidate: CompareCandidate): AddResult {
  if (candidate.id === undefined || candidate.id === null || !Number.isInteger(candidate.id) || candidate.id <= 0) {
    return 'invalid';
  }
  if (items.some((item) => item.id === candidate.id)) return 'duplicate';
  if (items.length >= COMPARE_LIMIT) return 'full';
  return 'added';
}

export const compareSlice = createSlice({
  name: 'compare',
  initialState: (): CompareState => ({ items: loadCompareItems(readCompareSet()) }),
  reducers: {
    /** spec §4: adding ignores items without an id and duplicates; the cap ignores a fifth. */
    compareAdded(state, action: PayloadAction<CompareCandidate>) {
      const candidate = action.payload;
      if (checkAdd(state.items, candidate) !== 'added') return;
      state.items.push({ id: candidate.id as number, name: candidate.name, image: candidate.image });
    },
    compareRemoved(state, action: PayloadAction<number>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
    },
    compareCleared(state) {
      state.items = [];
    },
  },
  selectors: {
    selectCompareItems: (state) => state.items,
  },
});

export const { compareAdded, compareRemoved, compareCleared } = compareSlice.actions;
export const { selectCompareItems } = compareSlice.selectors;
