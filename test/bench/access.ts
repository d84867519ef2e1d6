// The Access tab's figure of `npm run bench` (issue 34): one dashboard's `Who has access` drawn for
// 200 members (the mock has no API that adds members, so the members' answer is the seed's members
// followed by made-up ones), and typing in `Search people`; the longest main-thread task of each.
// Run alone with `BENCH_ONLY=access npm run bench`.
import type { BrowserContext } from 'playwright-core';
import { connect, eventually, expectHeading } from '../e2e/support/console.ts';
import { adminKey, api } from '../e2e/support/stack.ts';
import { watchLongTasks } from './long-tasks.ts';

export interface AccessFigures {
  rows: number;
  longestDrawTaskMs: number;
  longestSearchTaskMs: number;
}

export const ACCESS_MEMBERS = 200;

function madeUpMember(index: number) {
  const tail = String(index).padStart(12, '0');
  return {
    id: `00000000-0000-4000-8000-${tail}`,
    user: {
      id: 100_000 + index,
      uuid: `10000000-0000-4000-8000-${tail}`,
      distinct_id: null,
      first_name: `Person ${index}`,
      last_name: 'Example',
      email: `person.${index}@example.com`,
      is_email_verified: true,
      hedgehog_config: null,
      role_at_organization: null,
    },
    level: 1,
    joined_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
    is_2fa_enabled: false,
    has_social_auth: false,
    last_login: null,
  };
}

export async function accessFigures(context: BrowserContext, mockUrl: string): Promise<AccessFigures> {
  const page = await context.newPage();
  try {
    await page.route('**/api/organizations/*/members/**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { results: unknown[] };
      const extra = Array.from({ length: ACCESS_MEMBERS - body.results.length }, (_, index) => madeUpMember(index));
      await route.fulfill({ response, json: { ...body, count: ACCESS_MEMBERS, next: null, results: [...body.results, ...extra] } });
    });
    const list = await api<{ results: Array<{ id: number; name: string | null }> }>(mockUrl, '/api/projects/1/dashboards/?search=Year-end%20hiring%20plan');
    const plan = list.results.find((d) => d.name === 'Year-end hiring plan');
    if (!plan) throw new Error('the seed has no "Year-end hiring plan"');
    await page.goto('/connect');
    await connect(page, adminKey);
    await expectHeading(page, 'Projects');
    await page.goto(`/projects/1/dashboards/${plan.id}`);
    await expectHeading(page, 'Year-end hiring plan');

    const rows = page.getByRole('table', { name: 'Who has access' }).locator('tbody tr');
    const longTasks = await watchLongTasks(page);
    await page.getByRole('tab', { name: 'Access' }).click();
    await eventually(async () => {
      if ((await rows.count()) !== ACCESS_MEMBERS) throw new Error('not all rows yet');
    }, 60_000);
    await page.waitForTimeout(500);
    const longestDrawTaskMs = await longTasks.longest();
    await longTasks.reset();
    await page.getByRole('searchbox', { name: 'Search people' }).pressSequentially('person 1', { delay: 40 });
    await eventually(async () => {
      if ((await rows.count()) >= ACCESS_MEMBERS) throw new Error('not filtered yet');
    }, 10_000);
    await page.waitForTimeout(500);
    return { rows: ACCESS_MEMBERS, longestDrawTaskMs, longestSearchTaskMs: await longTasks.longest() };
  } finally {
    await page.close();
  }
}
