// The API explorer's links: the explorer's `Copy link` and the API log's `Open in explorer`.
import { describe, expect, it } from 'vitest';
import {
  explorerFormOf,
  explorerLink,
  explorerLinkForRequest,
  requestOfExplorerSearch,
} from '../../../src/components/share-request/explorer-link.ts';
import { REDACTED } from '../../../src/components/share-request/redact.ts';

describe('explorerLink', () => {
  it('writes the path parameters, the query fields and the body, leaving empty values out', () => {
    const link = explorerLink('dashboards_retrieve', {
      path: { project_id: '7', id: '' },
      query: { search: 'a b&c', limit: '' },
      body: '{"name":"x"}',
    });
    expect(link).toBe('/explorer/dashboards_retrieve?path.project_id=7&query.search=a+b%26c&body=%7B%22name%22%3A%22x%22%7D');
  });

  it('is the bare operation without anything to fill in, and encodes the operation', () => {
    expect(explorerLink('a/b c', { path: { id: '' }, query: {}, body: null })).toBe('/explorer/a%2Fb%20c');
  });

  it('keeps an empty body typed (it is not the example)', () => {
    expect(explorerLink('op', { path: {}, query: {}, body: '' })).toBe('/explorer/op?body=');
  });

  it('never holds the key, wherever it was typed', () => {
    const link = explorerLink('op', { path: { id: 'sekret' }, query: { q: 'sekret' }, body: 'x sekret' }, ['sekret']);
    const form = explorerFormOf(new URL(link, 'https://console.example').searchParams);
    expect(form).toEqual({ path: { id: REDACTED }, query: { q: REDACTED }, body: `x ${REDACTED}` });
  });
});

describe('explorerFormOf', () => {
  it('reads back what a link wrote, ignoring other fields', () => {
    const form = { path: { project_id: '7' }, query: { search: 'a b&c' }, body: '{"a":1}' };
    const link = explorerLink('op', form);
    expect(explorerFormOf(new URL(link, 'https://console.example').searchParams)).toEqual(form);
    expect(explorerFormOf(new URLSearchParams('other=1&pathx=2&queryy=3'))).toEqual({ path: {}, query: {}, body: null });
  });
});

describe('explorerLinkForRequest / requestOfExplorerSearch', () => {
  it('opens a logged request with its method upper-cased, its path and its body', () => {
    const link = explorerLinkForRequest({ method: 'patch', path: '/api/projects/1/?a=1', body: '{"b":2}' });
    expect(link).toBe('/explorer?method=PATCH&request=%2Fapi%2Fprojects%2F1%2F%3Fa%3D1&body=%7B%22b%22%3A2%7D');
    expect(requestOfExplorerSearch(new URL(link, 'https://console.example').searchParams)).toEqual({
      method: 'PATCH',
      path: '/api/projects/1/?a=1',
      body: '{"b":2}',
    });
  });

  it('leaves the body out when there was none, and redacts the key in path and body', () => {
    expect(explorerLinkForRequest({ method: 'GET', path: '/api/x/', body: null })).toBe('/explorer?method=GET&request=%2Fapi%2Fx%2F');
    const link = explorerLinkForRequest({ method: 'POST', path: '/api/x/?k=sekret', body: 'sekret' }, ['sekret']);
    expect(requestOfExplorerSearch(new URL(link, 'https://console.example').searchParams)).toEqual({
      method: 'POST',
      path: `/api/x/?k=${REDACTED}`,
      body: REDACTED,
    });
  });

  it('names no request without both a method and a path', () => {
    expect(requestOfExplorerSearch(new URLSearchParams('method=GET'))).toBeNull();
    expect(requestOfExplorerSearch(new URLSearchParams('request=/api/x/'))).toBeNull();
    expect(requestOfExplorerSearch(new URLSearchParams('method=&request=/api/x/'))).toBeNull();
    expect(requestOfExplorerSearch(new URLSearchParams('method=GET&request=/api/x/'))).toEqual({ method: 'GET', path: '/api/x/', body: null });
  });
});
