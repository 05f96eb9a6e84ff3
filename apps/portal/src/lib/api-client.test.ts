import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { installFakeFetch } from '@/test/fake-fetch';
import {
  apiClient,
  ApiRequestError,
  CLIENT_ERROR_CODES,
  fallbackOnFailure,
  isOrgMismatch,
} from './api-client';

const okSchema = z.object({ ok: z.boolean() });

describe('apiClient', () => {
  it('sends same-origin credentials and no CSRF header on a safe method', async () => {
    const { requests } = installFakeFetch({ 'GET /api/thing': { body: { ok: true } } });
    await expect(apiClient.get('/api/thing', okSchema)).resolves.toEqual({ ok: true });
    expect(requests[0]?.credentials).toBe('same-origin');
    expect(requests[0]?.headers.get('x-lynk-csrf')).toBeNull();
    expect(requests[0]?.headers.get('accept')).toBe('application/json');
  });

  it.each(['post', 'put', 'patch', 'delete'] as const)('adds x-lynk-csrf: 1 on %s', async (method) => {
    const { requests } = installFakeFetch({ [`${method.toUpperCase()} /api/thing`]: { body: { ok: true } } });
    await apiClient[method]('/api/thing', okSchema, { body: { a: 1 } });
    expect(requests[0]?.headers.get('x-lynk-csrf')).toBe('1');
    expect(requests[0]?.headers.get('content-type')).toBe('application/json');
    expect(requests[0]?.body).toBe('{"a":1}');
  });

  it("names the page's organization on every call, so another tab's switch cannot answer with its data", async () => {
    window.history.pushState({}, '', '/1002/lynk-wallet/orders');
    const { requests } = installFakeFetch({
      'GET /api/thing': { status: 409, body: { code: 'ORG_MISMATCH', message: 'moved' } },
    });
    const error = await apiClient.get('/api/thing', okSchema).catch((e: unknown) => e);
    expect(requests[0]?.headers.get('x-lynk-org')).toBe('org_1002');
    expect(isOrgMismatch(error)).toBe(true);
    window.history.pushState({}, '', '/profile');
    await apiClient.get('/api/thing', okSchema).catch(() => undefined);
    expect(requests[1]?.headers.get('x-lynk-org')).toBeNull();
    window.history.pushState({}, '', '/');
  });

  it('appends query parameters and leaves out empty ones', async () => {
    const { requests } = installFakeFetch({ 'GET /api/list': { body: { ok: true } } });
    await apiClient.get('/api/list', okSchema, {
      query: { offset: 0, limit: 25, group: undefined, sort: null },
    });
    expect(requests[0]?.path).toBe('/api/list?offset=0&limit=25');
  });

  it('throws an ApiRequestError with the server status, code and message', async () => {
    installFakeFetch({
      'GET /api/thing': {
        status: 403,
        body: { code: 'FORBIDDEN', message: 'Transaction not allowed', details: { a: 1 } },
      },
    });
    const error = await apiClient.get('/api/thing', okSchema).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: 'Transaction not allowed',
      details: { a: 1 },
    });
  });

  it('still throws a typed error when the error body is not the API shape', async () => {
    installFakeFetch({ 'GET /api/thing': { status: 502, body: 'Bad gateway' } });
    await expect(apiClient.get('/api/thing', okSchema)).rejects.toMatchObject({
      status: 502,
      code: CLIENT_ERROR_CODES.http,
    });
  });

  it('rejects a response that does not match the contract schema', async () => {
    installFakeFetch({ 'GET /api/thing': { body: { ok: 'yes' } } });
    await expect(apiClient.get('/api/thing', okSchema)).rejects.toMatchObject({
      status: 200,
      code: CLIENT_ERROR_CODES.invalidResponse,
    });
  });

  it('lets an abort through as an abort, not as a server error', async () => {
    installFakeFetch({ 'GET /api/thing': { body: { ok: true } } });
    const controller = new AbortController();
    controller.abort();
    const error = await apiClient
      .get('/api/thing', okSchema, { signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(ApiRequestError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('fallbackOnFailure', () => {
  const failing = (status: number, code: string) => () =>
    Promise.reject(new ApiRequestError({ status, code, message: 'failed' }));

  it('answers the neutral value for a failed read', async () => {
    await expect(fallbackOnFailure(failing(500, 'INTERNAL'), 0, undefined)).resolves.toBe(0);
    await expect(fallbackOnFailure(failing(404, 'NOT_FOUND'), [], undefined)).resolves.toEqual([]);
  });

  it('lets a lost session or a session moved to another organization reach the auth guard', async () => {
    await expect(fallbackOnFailure(failing(401, 'UNAUTHENTICATED'), 0, undefined)).rejects.toMatchObject({
      status: 401,
    });
    await expect(fallbackOnFailure(failing(409, 'ORG_MISMATCH'), 0, undefined)).rejects.toMatchObject({
      code: 'ORG_MISMATCH',
    });
  });

  it('lets an abort through', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(fallbackOnFailure(failing(500, 'INTERNAL'), 0, controller.signal)).rejects.toBeInstanceOf(
      ApiRequestError,
    );
  });
});
