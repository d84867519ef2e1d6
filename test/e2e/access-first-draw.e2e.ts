// Access is known before a control shows (../shared/CONSOLE.md, "Safety"): from the first DOM on, a
// MutationObserver injected before any script records every write control that is ever drawn
// enabled. A read-only key at 400 ms of latency, on a cold load after Connect, a reload with the
// access kept, and a reload with nothing kept: none ever. A member on Settings: no field is drawn
// enabled and then disabled (the admin-only ones).
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { api } from './support/stack.ts';
import { connect, expectHeading, setupE2E } from './support/harness.ts';

const { journey } = setupE2E();

/**
 * The buttons and switches that need a write scope (CONSOLE.md's names). Not the onboarding ones:
 * `add_product_intent` and `complete_product_onboarding` need only project:read (API.md §6).
 */
const WRITE_NAMES =
  /^(New dashboard|Pin |Unpin |Save changes|Delete dashboard|Delete project|Reset project API key|Share publicly|Require a password|Add collaborator|Add password|Restrict editing|Allow everyone to edit|Rotate link|Remove |Move |Copy to project|Add tag|Delete password)/;

/** Runs in the page before any of its scripts: logs every enabled write control, and every form field's state, at each DOM change. */
function recordControls(pattern: string) {
  const writeNames = new RegExp(pattern);
  const log: { enabledWrites: string[]; fieldStates: Record<string, boolean[]> } = { enabledWrites: [], fieldStates: {} };
  (window as unknown as { __controls: typeof log }).__controls = log;
  const isEnabled = (element: Element) =>
    !(element as HTMLButtonElement).matches(':disabled') &&
    element.getAttribute('aria-disabled') !== 'true' &&
    !(element as HTMLInputElement).readOnly;
  const nameOf = (element: Element) =>
    (element.getAttribute('aria-label') ?? (element as HTMLElement).innerText ?? '').trim().replace(/\s+/g, ' ');
  // The top bar, dialogs, and Connect's own form (a key is typed there, nothing is changed).
  const inChrome = (element: Element) =>
    !!element.closest('header, [role="dialog"], [role="alertdialog"], [role="banner"]') ||
    !!element.closest('form')?.querySelector('input[type="password"]');
  const check = () => {
    for (const element of document.querySelectorAll('button, [role="switch"]')) {
      if (inChrome(element)) continue;
      const name = nameOf(element);
      if (writeNames.test(name) && isEnabled(element)) log.enabledWrites.push(`${location.pathname}: button ${name}`);
    }
    for (const element of document.querySelectorAll('form input, form textarea, form select')) {
      if (inChrome(element) || (element as HTMLInputElement).type === 'search' || (element as HTMLInputElement).type === 'hidden') continue;
      const label = element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent?.trim() : null;
      const key = `${location.pathname}: ${label || element.getAttribute('aria-label') || element.id || element.tagName}`;
      const enabled = isEnabled(element);
      (log.fieldStates[key] ??= []).push(enabled);
      if (enabled) log.enabledWrites.push(`${key} (field)`);
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
}

/** The recorder as page source; the test runner's name helper (`__name`) is given a stand-in there. */
const initScript = () => `var __name = (target) => target; (${recordControls.toString()})(${JSON.stringify(WRITE_NAMES.source)});`;

const controlsLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { __controls: { enabledWrites: string[]; fieldStates: Record<string, boolean[]> } }).__controls);

async function setLatency(mockUrl: string, ms: number): Promise<void> {
  await api(mockUrl, '/__mock/faults', { method: 'PUT', key: null, body: { latency_ms: ms } });
}

describe('Access is known before a control shows', () => {
  journey(
    'a read-only key at 400 ms: no write control is ever drawn enabled, on the list, Overview, Collaborators, Sharing and Settings',
    async ({ page, context, stack }) => {
      await context.addInitScript({ content: initScript() });
      const list = await api<{ results: Array<{ id: number; name: string }> }>(stack.mockUrl, '/api/projects/1/dashboards/?limit=5');
      const dashboard = list.results[0];
      assert.ok(dashboard, 'project 1 has a dashboard');
      await setLatency(stack.mockUrl, 400);

      // The cold first visit: Connect, then the page the person meant to open.
      await page.goto('/projects/1/dashboards');
      await connect(page, 'phx_demo_readonly');
      await expectHeading(page, 'Dashboards');
      await page.getByRole('button', { name: 'New dashboard', exact: true }).waitFor();
      const seen: string[] = [...(await controlsLog(page)).enabledWrites];

      const pages: Array<[string, string]> = [
        ['/projects/1/dashboards', 'Dashboards'],
        [`/projects/1/dashboards/${dashboard.id}`, dashboard.name],
        [`/projects/1/dashboards/${dashboard.id}/collaborators`, dashboard.name],
        [`/projects/1/dashboards/${dashboard.id}/sharing`, dashboard.name],
        ['/projects/1/settings', 'Project settings'],
      ];
      // A reload or a deep link with the access kept with the connection, then with nothing kept.
      for (const forget of [false, true]) {
        for (const [path, heading] of pages) {
          if (forget) await page.evaluate(() => sessionStorage.removeItem('analytics-console:access'));
          await page.goto(path);
          await expectHeading(page, heading);
          // Until the page has settled with every answer in.
          await page.waitForLoadState('networkidle');
          seen.push(...(await controlsLog(page)).enabledWrites);
        }
      }
      assert.deepEqual([...new Set(seen)], [], 'a write control was drawn enabled for a read-only key');
      // The reason is said while it is not known yet, and the real one afterwards.
      await page.goto('/projects/1/dashboards');
      const create = page.getByRole('button', { name: 'New dashboard', exact: true });
      await create.waitFor();
      assert.equal(await create.isDisabled(), true);
    },
    { timeout: 180_000 },
  );

  journey('a member on Settings at 400 ms: no field is drawn enabled and then disabled', async ({ page, context, stack }) => {
    await context.addInitScript({ content: initScript() });
    await setLatency(stack.mockUrl, 400);
    await page.goto('/projects/1/settings');
    await connect(page, 'phx_demo_member');
    await expectHeading(page, 'Project settings');
    await page.getByRole('textbox', { name: 'Product description', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    for (const forget of [false, true]) {
      if (forget) await page.evaluate(() => sessionStorage.removeItem('analytics-console:access'));
      await page.reload();
      await expectHeading(page, 'Project settings');
      await page.getByRole('textbox', { name: 'Product description', exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      const { fieldStates } = await controlsLog(page);
      const flipped = Object.entries(fieldStates)
        .filter(([, states]) => states.some((enabled, i) => enabled && states.slice(i + 1).some((later) => !later)))
        .map(([field]) => field);
      assert.deepEqual(flipped, [], 'a field was drawn enabled, then disabled');
      // The member can change their own fields, and not the admins' ones.
      assert.equal(await page.getByRole('textbox', { name: 'Product description', exact: true }).isEnabled(), true);
      assert.equal(await page.getByRole('textbox', { name: 'Project name', exact: true }).isEnabled(), false);
    }
  }, { timeout: 120_000 });
});
