// Overview, Creation mode of a copied dashboard: the API keeps no link to the source (use_dashboard
// is write-only), so the page says so; when an API does send the source's id, it is named and linked.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { seedIds } from '../../../../src/mock/store/seed.ts';
import { apiGet, renderApp } from '../../../render.tsx';
import { server } from '../../../setup.ts';

const copy = seedIds.dashboards.weeklyReview;
const path = `/projects/1/dashboards/${copy}`;

async function creationMode(): Promise<HTMLElement> {
  const term = await screen.findByText('Creation mode', { selector: 'dt' }, { timeout: 5_000 });
  // eslint-disable-next-line testing-library/no-node-access -- a <dd> is named by nothing: it is the one after its <dt>.
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error('Creation mode has no value');
  return value;
}

describe('creation source of a copied dashboard', () => {
  it('says the API does not say which dashboard it copies', async () => {
    renderApp(path);
    const value = await creationMode();
    expect(value).toHaveTextContent('Copy of another dashboard (the API does not say which one: it keeps no link to the source)');
    expect(within(value).queryByRole('link')).not.toBeInTheDocument();
  });

  it('names and links the source when the API sends use_dashboard', async () => {
    const stored = await apiGet<Record<string, unknown>>(`/api/projects/1/dashboards/${copy}/`);
    server.use(
      http.get(`*/api/projects/1/dashboards/${copy}/`, () =>
        HttpResponse.json({ ...stored, use_dashboard: seedIds.dashboards.productOverview }),
      ),
    );
    renderApp(path);
    const value = await creationMode();
    const link = await within(value).findByRole('link', { name: 'Product overview' }, { timeout: 5_000 });
    expect(link).toHaveAttribute('href', `/projects/1/dashboards/${seedIds.dashboards.productOverview}`);
    expect(value).toHaveTextContent('Copy of Product overview');
  });
});
