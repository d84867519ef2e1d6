/**
 * key-access-queries.ts: the key's own query (`GET /api/personal_api_keys/@current/`, no scope
 * needed), asked once and kept fresh for five minutes, for the stored key or one Connect checks.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { accessQueries, fetchCurrentKey, personalApiKeyQueries } from '../../../src/api/access/key-access-queries.ts';
import { organizationQueries } from '../../../src/api/organization/organization.ts';
import { mockQueries } from '../../../src/api/resources/mock.ts';
import currentKey from '../../fixtures/personal-api-key.json';
import { freshConsole } from '../../console.ts';
import { server } from '../../setup.ts';

describe('the key’s own query', () => {
  it('asks @current with the stored key, and answers its scopes', async () => {
    const { call, runtime } = freshConsole({ key: 'phx_demo_readonly' });
    const key = await fetchCurrentKey(call);
    expect(key.scopes).toContain('dashboard:read');
    expect(key.scopes).not.toContain('dashboard:write');
    expect(runtime.requestLog.get()[0]).toMatchObject({ method: 'GET', path: '/api/personal_api_keys/@current/' });
  });

  it('with a connection, asks about that key (one not stored yet), sent as the Bearer header', async () => {
    let sent: string | null = null;
    server.use(
      http.get('*/api/personal_api_keys/@current/', ({ request }) => {
        sent = request.headers.get('Authorization');
        return HttpResponse.json(currentKey);
      }),
    );
    const { call } = freshConsole({ key: 'phx_demo_readonly' });
    await fetchCurrentKey(call, { host: '', key: 'phx_demo_admin' }).catch(() => undefined);
    expect(sent).toBe('Bearer phx_demo_admin');
  });

  it('one answer serves every page for five minutes: fresh once fetched, not refetched on the next ask', async () => {
    const { queryClient } = freshConsole({ key: 'phx_demo_admin' });
    let asked = 0;
    server.use(
      http.get('*/api/personal_api_keys/@current/', () => {
        asked += 1;
        return HttpResponse.json(currentKey);
      }),
    );
    await queryClient.fetchQuery(personalApiKeyQueries.current());
    await queryClient.fetchQuery(personalApiKeyQueries.current());
    expect(asked).toBe(1);
    expect(queryClient.getQueryCache().find({ queryKey: personalApiKeyQueries.current().queryKey })?.isStale()).toBe(false);
    expect(personalApiKeyQueries.current().queryKey).toEqual(['personal-api-key', '@current']);
  });

  it('a failure is an answer: not retried', async () => {
    const { queryClient } = freshConsole({ key: 'phx_demo_admin' });
    let asked = 0;
    server.use(
      http.get('*/api/personal_api_keys/@current/', () => {
        asked += 1;
        return HttpResponse.json({ type: 'server_error', code: 'error', detail: 'Down.', attr: null }, { status: 500 });
      }),
    );
    await expect(queryClient.fetchQuery(personalApiKeyQueries.current())).rejects.toThrow();
    expect(asked).toBe(1);
    const options = personalApiKeyQueries.current();
    expect([options.retry, options.retryOnMount]).toEqual([false, false]);
  });

  it("the access the connected routes' loader asks for: the key, the current organization, the host's probe", () => {
    const keys = accessQueries('https://h.example').map((query) => query.queryKey);
    expect(keys).toEqual([personalApiKeyQueries.current().queryKey, organizationQueries.current().queryKey, mockQueries.info('https://h.example').queryKey]);
  });
});
