// Export HAR and Export as script from the API log after a few clicks: both downloads hold no key,
// the HAR is valid HAR 1.2, and the script, run with `sh` and curl against the e2e mock (back at the
// seed, as it was when the journey began), gets every status the log has.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { harSchemaErrors } from '../har-schema.ts';
import { allowHttpStatus, expectHeading, setupE2E } from './support/harness.ts';
import { openConnected } from './support/pages.ts';
import { resetMock } from './support/stack.ts';

const { journey } = setupE2E();
const keyPattern = /phx_[A-Za-z0-9_]+/;

/** Clicks `button` and returns the text of the file it downloads, with the file's suggested name. */
async function download(page: Page, button: Locator): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

function runScript(text: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-s'], { env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(text);
  });
}

describe('API log exports', () => {
  journey('exports HAR and a replay script without the key; the script gets the same statuses from the mock', async ({ page, errors, stack }) => {
    allowHttpStatus(errors, 404);
    // A page that is not there (the log lives in the tab: it starts with this load), then a few
    // clicks: a new dashboard with a name the shell must not expand.
    await openConnected(page, '/projects/1/dashboards/987654', 'Dashboard not found');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboards', exact: true }).click();
    await expectHeading(page, 'Dashboards');
    const name = `Replay "it's" $HOME \`date\``;
    await page.getByRole('button', { name: 'New dashboard', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New dashboard' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog.getByRole('button', { name: 'Create dashboard', exact: true }).click();
    await expectHeading(page, name);

    await page.getByRole('button', { name: 'API log', exact: true }).click();
    const panel = page.getByRole('region', { name: 'API log', exact: true });
    await panel.getByRole('listitem').filter({ hasText: /GET\s+\/api\/projects\/1\/dashboards\/987654\/\s+404/ }).first().waitFor();

    const har = await download(page, panel.getByRole('button', { name: 'Export HAR', exact: true }));
    assert.match(har.name, /^api-log-.*\.har$/);
    assert.doesNotMatch(har.text, keyPattern, 'the HAR holds no key');
    const parsed = JSON.parse(har.text) as {
      log: { version: string; entries: Array<{ request: { method: string; url: string; headers: Array<{ name: string; value: string }> }; response: { status: number } }> };
    };
    assert.deepEqual(harSchemaErrors(parsed), []);
    assert.equal(parsed.log.version, '1.2');
    const created = parsed.log.entries.find((e) => e.request.method === 'POST' && e.response.status === 201);
    assert.ok(created, 'the HAR has the dashboard creation');
    assert.ok(created.request.headers.some((h) => h.name === 'Authorization' && h.value === 'Bearer $POSTHOG_API_KEY'));
    assert.ok(parsed.log.entries.some((e) => e.response.status === 404));

    const script = await download(page, panel.getByRole('button', { name: 'Export as script', exact: true }));
    assert.match(script.name, /^api-log-.*\.sh$/);
    assert.doesNotMatch(script.text, keyPattern, 'the script holds no key');

    // Replay on the mock itself (not the preview's proxy), from the seed as the journey began.
    await resetMock(stack.mockUrl);
    const run = await runScript(script.text, { POSTHOG_API_KEY: 'phx_demo_admin', API_HOST: stack.mockUrl });
    assert.equal(run.stderr, '');
    assert.equal(run.code, 0);
    const replayed = run.stdout
      .split('\n')
      .filter((line) => /^\d+ \d{3} /.test(line))
      .map((line) => Number(line.split(' ')[1]));
    const logged = parsed.log.entries.map((e) => e.response.status).filter((status) => status !== 0);
    assert.deepEqual(replayed, logged);
    assert.ok(replayed.includes(201) && replayed.includes(404));
  });
});
