import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import {
  checkAdd,
  COMPARE_LIMIT,
  compareAdded,
  compareCleared,
  compareRemoved,
  loadCompareItems,
  selectCompareItems,
} from './compare-slice';

const entry = (id: number) => ({ id, name: `Project ${id}`, image: `/media/${id}.webp` });

describe('compare set (spec §4)', () => {
  it('adds entries in order', () => {
    const store = makeStore();
    store.dispatch(compareAdded(entry(1)));
    store.dispatch(compareAdded(entry(2)));
    expect(selectCompareItems(store.getState()).map((item) => item.id)).toEqual([1, 2]);
  });

  it('ignores items without an id', () => {
    const store = makeStore();
    store.dispatch(compareAdded({ name: 'No id', image: '' }));
    store.dispatch(compareAdded({ id: null, name: 'Null id', image: '' }));
    store.dispatch(compareAdded({ id: 0, name: 'Zero id', image: '' }));
    expect(selectCompareItems(store.getState())).toEqual([]);
  });

  it('ignores duplicates', () => {
    const store = makeStore();
    store.dispatch(compareAdded(entry(7)));
    store.dispatch(compareAdded({ ...entry(7), name: 'Renamed' }));
    expect(selectCompareItems(store.getState())).toEqual([entry(7)]);
  });

  it(`holds at most ${COMPARE_LIMIT}`, () => {
    const store = makeStore();
    for (let id = 1; id <= COMPARE_LIMIT + 2; id += 1) store.dispatch(compareAdded(entry(id)));
    expect(selectCompareItems(store.getState())).toHaveLength(COMPARE_LIMIT);
    expect(checkAdd(selectCompareItems(store.getState()), entry(99))).toBe('full');
  });

  it('removes one entry and clears all', () => {
    const store = makeStore();
    [1, 2, 3].forEach((id) => store.dispatch(compareAdded(entry(id))));
    store.dispatch(compareRemoved(2));
    expect(selectCompareItems(store.getState()).map((item) => item.id)).toEqual([1, 3]);
    store.dispatch(compareCleared());
    expect(selectCompareItems(store.getState())).toEqual([]);
  });

  it("persists to sessionStorage 'compare' and reloads at start", () => {
    const store = makeStore();
    store.dispatch(compareAdded(entry(1)));
    store.dispatch(compareAdded(entry(2)));
    expect(JSON.parse(sessionStorage.getItem('compare') ?? 'null')).toEqual([entry(1), entry(2)]);

    const reloaded = makeStore();
    expect(selectCompareItems(reloaded.getState())).toEqual([entry(1), entry(2)]);

    reloaded.dispatch(compareCleared());
    expect(JSON.parse(sessionStorage.getItem('compare') ?? 'null')).toEqual([]);
  });

  it('drops duplicates and malformed entries when reloading', () => {
    sessionStorage.setItem('compare', JSON.stringify([entry(1), entry(1), { id: 'x' }, null, entry(2)]));
    expect(selectCompareItems(makeStore().getState())).toEqual([entry(1), entry(2)]);
  });

  it('starts empty when the stored value is not JSON or not a list', () => {
    sessionStorage.setItem('compare', '{oops');
    expect(selectCompareItems(makeStore().getState())).toEqual([]);
    expect(loadCompareItems({ id: 1 })).toEqual([]);
  });
});
