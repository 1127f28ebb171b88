import { describe, expect, it } from 'vitest';
import { connectionLost, databaseFailure } from './pg-errors';

/** Drizzle wraps the driver's error as `cause`, as it does for every failed query. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: insert into "leads" ...'), { cause });

describe('connectionLost', () => {
  it.each([
    ['an administrator ended the session (57P01)', wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))],
    ['a connection exception (class 08)', wrapped(Object.assign(new Error('connection failure'), { code: '08006' }))],
    ['pg on a connection that just died (no SQLSTATE)', wrapped(new Error('Connection terminated unexpectedly'))],
    ['a reset socket', wrapped(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))],
  ])('is true when %s', (_, error) => {
    expect(connectionLost(error)).toBe(true);
  });

  it.each([
    ['a value the database refused (22P02)', wrapped(Object.assign(new Error('invalid input syntax'), { code: '22P02' }))],
    ['a unique violation (23505)', wrapped(Object.assign(new Error('duplicate key'), { code: '23505' }))],
    ['a bug of ours', new TypeError('Cannot read properties of undefined')],
    ['not an error at all', 'boom'],
  ])('is false for %s', (_, error) => {
    expect(connectionLost(error)).toBe(false);
  });

  it('leaves the SQLSTATE of a refused value to databaseFailure', () => {
    expect(databaseFailure(wrapped(Object.assign(new Error('x'), { code: '22P02' })))?.sqlState).toBe('22P02');
  });
});
