/**
 * A dashboard as a template that `create_from_template_json` accepts (API.md §5.3): name,
 * description, filters, tags, and each tile with its text or insight (name, description, query),
 * layouts and colour. Imported only by the portability dialogs, never by the entry.
 */
import type { TemplateJson, TemplateTile } from '../../../contract/inputs.ts';
import type { Dashboard, Tile } from '../../../contract/schemas.ts';
import { dashboardDisplayName } from './dashboards.ts';

function templateTile(tile: Tile): TemplateTile | null {
  const placement = {
    layouts: structuredClone(tile.layouts ?? {}) as TemplateTile['layouts'],
    color: tile.color ?? null,
  };
  if (tile.insight) {
    const insight = tile.insight;
    return {
      type: 'INSIGHT',
      name: insight.name ?? null,
      description: insight.description ?? null,
      ...(insight.query ? { query: structuredClone(insight.query) } : {}),
      ...placement,
    };
  }
  if (tile.text) return { type: 'TEXT', body: tile.text.body ?? null, ...placement };
  // A tile with neither (one the API cannot render) has nothing to carry over.
  return null;
}

/** The template object itself (not wrapped in `{template: …}`); `name` replaces the dashboard's. */
export function dashboardToTemplate(dashboard: Dashboard, name: string | null = dashboard.name): TemplateJson {
  return {
    template_name: name ?? '',
    dashboard_description: dashboard.description ?? '',
    dashboard_filters: structuredClone(dashboard.filters ?? {}),
    tags: [...dashboard.tags],
    tiles: dashboard.tiles.map(templateTile).filter((tile): tile is TemplateTile => tile !== null),
  };
}

/** Why a dashboard cannot become a template, or null: production's schema needs at least one tile. */
export function templateRefusal(dashboard: Dashboard): string | null {
  return dashboard.tiles.some((tile) => tile.insight || tile.text)
    ? null
    : 'A template needs at least one tile, and this dashboard has none.';
}

/** `<name>.json`, with the characters that file names may not hold as `_`. */
export function templateFileName(dashboard: Pick<Dashboard, 'name'>): string {
  // eslint-disable-next-line no-control-regex
  const safe = dashboardDisplayName(dashboard).replace(/[<>:"/\\|?*\u0000-\u001f\u007f]/g, '_').trim();
  return `${safe || 'dashboard'}.json`;
}

/** The file's text: the template, indented, with a final newline. */
export const templateText = (template: TemplateJson) => `${JSON.stringify(template, null, 2)}\n`;
