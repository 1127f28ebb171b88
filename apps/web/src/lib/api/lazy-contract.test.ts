import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorBody } from './error-text';
import { lazyContract } from './lazy-contract';

describe('lazyContract (decision 032)', () => {
  it('loads the schema on the first answer only, and checks with it', async () => {
    const load = vi.fn(async () => (await import('@nivaas/contracts/common.schema')).ErrorResponseSchema);
    const contract = lazyContract(load);
    expect(load).not.toHaveBeenCalled();
    const good = { success: false, statusCode: 404, error: 'Not Found', message: 'No such project' };
    expect(await contract['~standard'].validate(good)).toEqual({ value: good });
    const bad = await contract['~standard'].validate({ success: true });
    expect('issues' in bad && bad.issues?.length).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fails the answer when the schema cannot be downloaded, and tries again on the next one', async () => {
    const load = vi
      .fn<() => Promise<typeof ErrorResponseSchema>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(ErrorResponseSchema);
    const contract = lazyContract(load);
    await expect(contract['~standard'].validate({})).rejects.toThrow('Failed to fetch');
    const again = await contract['~standard'].validate({});
    expect('issues' in again).toBe(true);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('apiErrorBody reads what ErrorResponseSchema accepts', () => {
  it.each([
    { success: false, statusCode: 400, error: 'Bad Request', message: 'Invalid body: email: x', field: 'email', issues: [{ field: 'email', message: 'x' }] },
    { success: false, statusCode: 500, error: 'Internal Server Error', message: 'Something failed', requestId: 'r1' },
    { success: true, statusCode: 200, error: 'x', message: 'y' },
    { success: false, statusCode: 400.5, error: 'x', message: 'y' },
    { success: false, statusCode: 400, error: 'x' },
    { success: false, statusCode: 400, error: 'x', message: 'y', issues: [{ field: 1, message: 'y' }] },
    { success: false, statusCode: 400, error: 'x', message: 'y', field: 3 },
    'Not JSON',
    null,
  ])('agrees with the schema on %j', (body) => {
    expect(apiErrorBody(body) !== null).toBe(ErrorResponseSchema.safeParse(body).success);
  });
});
