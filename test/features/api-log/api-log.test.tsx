import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProject } from '../../../src/api/resources/project-mutations.ts';
import { fetchProject, fetchProjectPage } from '../../../src/api/resources/projects.ts';
import { buildCurlCommand, shellQuote } from '../../../src/components/share-request/curl.ts';
import { renderApp } from '../../render.tsx';

const KEY = 'phx_demo_admin';

/** Runs `command` through a POSIX shell's quoting rules: each single-quoted word back to its text. */
function unquoteSingle(word: string): string {
  expect(word.startsWith("'") && word.endsWith("'")).toBe(true);
  return word.slice(1, -1).split(`'\\''`).join("'");
}

describe('Copy as curl (the command builder)', () => {
  const entry = {
    method: 'PATCH',
    url: 'http://127.0.0.1:5173/api/projects/1/dashboards/7/',
    path: '/api/projects/1/dashboards/7/',
    requestBody: { name: `Bob's "big" board`, description: `it's $HOME and \`date\`` },
    requestBodyText: JSON.stringify({ name: `Bob's "big" board`, description: `it's $HOME and \`date\`` }),
    authenticated: true,
  };

  it('reproduces method, URL, headers and the exact body, quoted for the shell', () => {
    const command = buildCurlCommand(entry);
    const lines = command.split(' \\\n  ');
    expect(lines[0]).toBe(`curl -X PATCH 'http://127.0.0.1:5173/api/projects/1/dashboards/7/'`);
    expect(lines).toContain('-H "Authorization: Bearer $POSTHOG_API_KEY"');
    expect(lines).toContain(`-H 'Content-Type: application/json'`);
    const data = lines.find((line) => line.startsWith('--data-binary '))!;
    // Quotes, $ and backticks survive: single quotes stop the shell from expanding anything.
    expect(unquoteSingle(data.slice('--data-binary '.length))).toBe(entry.requestBodyText);
    expect(data).toBe(`--data-binary '{"name":"Bob'\\''s \\"big\\" board","description":"it'\\''s $HOME and \`date\`"}'`);
  });

  it('never contains the key, even when the body or URL held it', () => {
    const leaky = {
      ...entry,
      url: `http://127.0.0.1:5173/api/projects/?search=${KEY}`,
      requestBodyText: JSON.stringify({ note: `my key is ${KEY}` }),
    };
    const command = buildCurlCommand(leaky, { secrets: [KEY] });
    expect(command).not.toContain(KEY);
    expect(command).toContain('$POSTHOG_API_KEY');
    expect(command).toContain('[redacted API key]');
  });

  it('sends GETs without -X or body, and the mock control routes without the key', () => {
    expect(buildCurlCommand({ method: 'GET', url: 'http://x/api/projects/?limit=100&offset=0', requestBody: null, authenticated: true })).toBe(
      `curl 'http://x/api/projects/?limit=100&offset=0' \\\n  -H "Authorization: Bearer $POSTHOG_API_KEY" \\\n  -H 'Accept: application/json'`,
    );
    const control = buildCurlCommand({ method: 'POST', url: 'http://x/__mock/reset', requestBody: null, authenticated: false });
    expect(control).not.toContain('Authorization');
    expect(control.startsWith(`curl -X POST 'http://x/__mock/reset'`)).toBe(true);
  });

  it('quotes single quotes safely', () => {
    expect(shellQuote(`a'b`)).toBe(`'a'\\''b'`);
    expect(shellQuote('')).toBe(`''`);
  });
});

async function openLog(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'API log' }));
  return screen.findByRole('region', { name: 'API log' }, { timeout: 5000 });
}

/** The list items of the log, newest first. */
const entries = (panel: HTMLElement) => within(within(panel).getByRole('list', { name: 'Requests, newest first' })).getAllByRole('listitem');

/** The toggle button of an entry (its name is method, path, status and duration). */
const toggleOf = (item: HTMLElement) => within(item).getAllByRole('button').find((b) => b.hasAttribute('aria-expanded'))!;

/** The entry whose toggle's name matches, once it is in the log. */
async function entryFor(panel: HTMLElement, name: RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const found = entries(panel).filter((item) => name.test(toggleOf(item).textContent ?? ''));
    expect(found).toHaveLength(1);
    return found[0]!;
  });
}

/** Waits until the page's first loads are in the log, so later entries are the test's own. */
async function settled(panel: HTMLElement) {
  await entryFor(panel, /^GET \/api\/organizations\/@current\/ 200/);
  await entryFor(panel, /^GET \/api\/users\/@me\/ 200/);
  await entryFor(panel, /^GET \/api\/organizations\/@current\/projects\/\?limit=100&offset=0 200/);
}

describe('API log panel', () => {
  it('lists the calls the console made, newest first, with method, path, status and duration', async () => {
    const { user, queryClient } = renderApp('/projects');
    const panel = await openLog(user);
    await waitFor(() =>
      expect(within(panel).getAllByRole('button', { name: /^GET \/api\/organizations\/@current\/ 200 \d+ ms$/ }).length).toBeGreaterThan(0),
    );

    await act(async () => {
      await fetchProject(987654, { client: queryClient }).catch(() => undefined);
    });
    const failed = await entryFor(panel, /^GET \/api\/projects\/987654\/ 404 \d+ ms$/);
    expect(toggleOf(failed)).toHaveAccessibleName(/^GET \/api\/projects\/987654\/ 404 \d+ ms$/);
    // Newest first: the call made last is above the page's first load.
    const list = entries(panel);
    const organization = list.findIndex((item) => /^GET \/api\/organizations\/@current\/ 200/.test(toggleOf(item).textContent ?? ''));
    expect(list.indexOf(failed)).toBeLessThan(organization);
    // The API's detail shows on a failed entry without opening it.
    expect(within(failed).getByText('Not found.')).toBeInTheDocument();
  });

  it('filters by text and by failures only', async () => {
    const { user, queryClient } = renderApp('/projects');
    const panel = await openLog(user);
    await settled(panel);
    await act(async () => {
      await fetchProject(987654, { client: queryClient }).catch(() => undefined);
      await createProject({ name: 'Logged project' }, { client: queryClient });
    });
    await entryFor(panel, /^POST \/api\/organizations\/@current\/projects\/ 201/);

    await user.click(within(panel).getByRole('checkbox', { name: 'Failures only' }));
    expect(entries(panel).map((item) => toggleOf(item).textContent)).toEqual([expect.stringMatching(/^GET \/api\/projects\/987654\/ 404/)]);
    await user.click(within(panel).getByRole('checkbox', { name: 'Failures only' }));

    await user.click(within(panel).getByRole('searchbox', { name: 'Filter requests' }));
    await user.paste('post projects');
    await waitFor(() => expect(entries(panel)).toHaveLength(1));
    expect(toggleOf(entries(panel)[0]!)).toHaveAccessibleName(/^POST \/api\/organizations\/@current\/projects\/ 201/);
    expect(within(panel).getByText(/^Showing 1 of \d+ requests\.$/)).toBeInTheDocument();

    await user.clear(within(panel).getByRole('searchbox', { name: 'Filter requests' }));
    await user.paste('nothing-like-this');
    expect(await within(panel).findByText('No request matches the filter.')).toBeInTheDocument();
  });

  it('shows a request the console cancelled as Cancelled, muted, with the reason, and not as a failure', async () => {
    const { user, server, queryClient } = renderApp('/projects');
    const panel = await openLog(user);
    await settled(panel);
    server.use(
      http.get('*/api/projects/:id/', async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return HttpResponse.json({ detail: 'late' });
      }),
    );
    await act(async () => {
      const controller = new AbortController();
      const pending = fetchProject(424242, { client: queryClient, signal: controller.signal }).catch(() => undefined);
      controller.abort();
      await pending;
    });
    const cancelled = await entryFor(panel, /^GET \/api\/projects\/424242\/ Cancelled \d+ ms$/);
    // It says why, in words, and is styled apart from both answers and failures.
    expect(toggleOf(cancelled)).toHaveAccessibleDescription(/^Cancelled by the console .*the page no longer needed it/);
    expect(within(cancelled).getByText(/^Cancelled by the console/)).toBeInTheDocument();
    expect(cancelled).toHaveClass('api-log-entry-cancelled');
    expect(cancelled).not.toHaveClass('api-log-entry-failed');
    expect(within(cancelled).getByText('Cancelled')).toHaveClass('api-log-status-cancelled');
    const answered = await entryFor(panel, /^GET \/api\/organizations\/@current\/ 200/);
    expect(answered).not.toHaveClass('api-log-entry-cancelled');
    // Not a failure of the API.
    await user.click(within(panel).getByRole('checkbox', { name: 'Failures only' }));
    expect(within(panel).queryByText(/^Cancelled by the console/)).not.toBeInTheDocument();
  });

  it('expands an entry to its request body and a collapsible response body', async () => {
    const { user, queryClient } = renderApp('/projects');
    const panel = await openLog(user);
    await act(async () => {
      await createProject({ name: 'Body check' }, { client: queryClient });
    });
    const created = await entryFor(panel, /^POST \/api\/organizations\/@current\/projects\/ 201/);
    const toggle = toggleOf(created);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(created).getByRole('heading', { name: 'Request body' })).toBeInTheDocument();
    expect(within(created).getByText(/"name": "Body check"/)).toBeInTheDocument();
    expect(within(created).getByRole('heading', { name: 'Response body' })).toBeInTheDocument();
    expect(within(created).getByText('"Body check"')).toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(created).queryByRole('heading', { name: 'Request body' })).not.toBeInTheDocument();

    await act(async () => {
      await fetchProjectPage({ search: 'Body check' }, { client: queryClient });
    });
    const listed = await entryFor(panel, /^GET \/api\/organizations\/@current\/projects\/\?search=Body\+check&limit=100&offset=0 200/);
    await user.click(toggleOf(listed));
    expect(within(listed).getByText('No body.')).toBeInTheDocument();
    // The top level is listed; nested values start collapsed and open on demand.
    const results = within(listed).getByRole('button', { name: 'results [1 item]' });
    expect(results).toHaveAttribute('aria-expanded', 'false');
    expect(within(listed).queryByText('"Body check"')).not.toBeInTheDocument();
    await user.click(results);
    expect(results).toHaveAttribute('aria-expanded', 'true');
    const first = within(listed).getByRole('button', { name: /^0 \{\d+ fields\}$/ });
    await user.click(first);
    expect(within(listed).getByText('"Body check"')).toBeInTheDocument();
  });

  it('copies a curl command with $POSTHOG_API_KEY and never the key', async () => {
    const { user, queryClient } = renderApp('/projects');
    const panel = await openLog(user);
    await act(async () => {
      // The key in a body is redacted by the log, so it can never reach a copied command.
      await createProject({ name: `It's ${KEY}'s project` }, { client: queryClient });
    });
    const item = await entryFor(panel, /^POST \/api\/organizations\/@current\/projects\/ 201/);
    await user.click(within(item).getByRole('button', { name: 'Copy as curl' }));
    expect(await within(item).findByText('Copied')).toBeInTheDocument();
    const copied = await navigator.clipboard.readText();
    expect(copied).toContain('curl -X POST');
    expect(copied).toContain(`${window.location.origin}/api/organizations/@current/projects/`);
    expect(copied).toContain('-H "Authorization: Bearer $POSTHOG_API_KEY"');
    expect(copied).toContain(`--data-binary '{"name":"It'\\''s [redacted API key]'\\''s project"}'`);
    expect(copied).not.toContain(KEY);
  });

  it('clears the log, and closes with Escape or its close button', async () => {
    const { user } = renderApp('/projects');
    const toggle = await screen.findByRole('button', { name: 'API log' });
    let panel = await openLog(user);
    await settled(panel);
    await user.click(within(panel).getByRole('button', { name: 'Clear log' }));
    expect(within(panel).getByText(/^No requests yet/)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Clear log' })).toBeDisabled();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'API log' })).not.toBeInTheDocument());
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(toggle).toHaveFocus();

    panel = await openLog(user);
    await user.click(within(panel).getByRole('button', { name: 'Close API log' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'API log' })).not.toBeInTheDocument());
    expect(toggle).toHaveFocus();
  });

  describe('exports', () => {
    afterEach(() => vi.restoreAllMocks());

    /** Catches what the panel hands the browser to download: file name and text. */
    function catchDownloads() {
      const files: Array<{ name: string; text: Promise<string>; type: string }> = [];
      const blobs = new Map<string, Blob>();
      let next = 0;
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          const url = `blob:test/${next++}`;
          blobs.set(url, blob);
          return url;
        },
        revokeObjectURL: () => undefined,
      });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        const blob = blobs.get(this.href)!;
        files.push({ name: this.download, text: blob.text(), type: blob.type });
      });
      return files;
    }

    it('exports the requests the filter shows as HAR and as a script, without the key', async () => {
      const files = catchDownloads();
      const { user, queryClient } = renderApp('/projects');
      const panel = await openLog(user);
      await settled(panel);
      await act(async () => {
        await createProject({ name: `Export ${KEY} check` }, { client: queryClient });
      });
      await entryFor(panel, /^POST \/api\/organizations\/@current\/projects\/ 201/);
      await user.type(within(panel).getByRole('searchbox', { name: 'Filter requests' }), 'projects');
      await waitFor(() => expect(within(panel).getByText(/^Showing \d+ of \d+ requests\.$/)).toBeInTheDocument());
      const shown = entries(panel).map((item) => toggleOf(item).textContent ?? '');

      await user.click(within(panel).getByRole('button', { name: 'Export HAR' }));
      expect(files).toHaveLength(1);
      expect(files[0]!.name).toMatch(/^api-log-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.har$/);
      const harText = await files[0]!.text;
      expect(harText).not.toContain(KEY);
      const har = JSON.parse(harText) as { log: { version: string; entries: Array<{ request: { method: string; url: string } }> } };
      expect(har.log.version).toBe('1.2');
      // The entries shown, oldest first.
      expect(har.log.entries.map((e) => `${e.request.method} ${new URL(e.request.url).pathname}`)).toEqual(
        [...shown].reverse().map((text) => text.split(' ').slice(0, 2).join(' ').replace(/\?.*$/, '')),
      );

      await user.click(within(panel).getByRole('button', { name: 'Export as script' }));
      expect(files).toHaveLength(2);
      expect(files[1]!.name).toMatch(/\.sh$/);
      const script = await files[1]!.text;
      expect(script).not.toContain(KEY);
      expect(script).toMatch(/^#!\/bin\/sh\n/);
      const answered = shown.filter((text) => !/ (cancelled|no answer) /i.test(text));
      expect(script).toContain(`send ${answered.length} 201 'POST' '/api/organizations/@current/projects/'`);
      expect(script).toContain(`default_host='${window.location.origin}'`);
    });

    it('disables both exports while nothing is shown', async () => {
      const { user } = renderApp('/projects');
      const panel = await openLog(user);
      await settled(panel);
      await user.type(within(panel).getByRole('searchbox', { name: 'Filter requests' }), 'nothing-matches-this');
      await within(panel).findByText('No request matches the filter.');
      expect(within(panel).getByRole('button', { name: 'Export HAR' })).toBeDisabled();
      expect(within(panel).getByRole('button', { name: 'Export as script' })).toBeDisabled();
    });
  });
});
