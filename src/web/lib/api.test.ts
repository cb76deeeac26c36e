import { afterEach, describe, expect, it, vi } from 'vitest';
import { meSchema, redirectResponseSchema } from '../../core/api';
import { ApiError, api } from './api';

/** The browser's fetch, answering one JSON body; the calls it received are kept. */
function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_path: string, _init?: RequestInit) =>
      new Response(body === null ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('hands a page the answer its schema accepts', async () => {
    answer(200, { url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    const body = { plan: 'premium' };
    const answered = await api.post('/api/billing/checkout', body, { schema: redirectResponseSchema });
    expect(answered).toEqual({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
  });

  it('turns an answer that does not match its schema into an error, never data', async () => {
    answer(200, { href: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    const failure = api.post('/api/billing/checkout', {}, { schema: redirectResponseSchema });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      code: 'unexpected_answer',
      message: 'Something went wrong. Please try again.',
    });
  });

  it('checks the member against meSchema when a page asks with it', async () => {
    answer(200, { user: null });
    const failure = api.get('/api/me', { schema: meSchema });
    await expect(failure).rejects.toMatchObject({ code: 'unexpected_answer' });
  });

  it('answers a server error with its code and message, before any schema', async () => {
    answer(403, { error: { code: 'plan_required', message: 'Premium opens this' } });
    const failure = api.get('/api/styles', { schema: redirectResponseSchema });
    await expect(failure).rejects.toMatchObject({
      code: 'plan_required',
      message: 'Premium opens this',
      status: 403,
    });
  });

  it('sends a DELETE with its confirmation body', async () => {
    const fetchMock = answer(204, null);
    await api.delete('/api/me', { confirmEmail: 'walker@example.com' });
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/me');
    expect(init?.method).toBe('DELETE');
    expect(init?.body).toBe(JSON.stringify({ confirmEmail: 'walker@example.com' }));
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });
});
