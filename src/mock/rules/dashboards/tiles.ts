/** New insights, texts and tiles (API.md §4.4), for the rules and the seed alike. */
import type { InsightRecord, TextRecord, TileRecord } from '../../store/records.ts';
import { cryptoBytes, shortId, type ByteSource } from '../random.ts';
import type { InsightSpec } from './templates.ts';

/** Where new records take their ids, time and randomness from (the store at runtime, the seed's own otherwise). */
export interface TileFactory {
  nextId(kind: 'tile' | 'insight' | 'text'): number;
  addInsight(insight: InsightRecord): void;
  now: string;
  bytes?: ByteSource;
}

function eventLabel(event: string): string {
  const bare = event.replace(/^\$/, '').replace(/_/g, ' ');
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

/** What production's web app would call an insight from its query (`derived_name`), or null. */
export function derivedName(query: Record<string, unknown> | null): string | null {
  const source = query?.source as { series?: Array<{ event?: unknown; math?: unknown }> } | undefined;
  const first = source?.series?.[0];
  if (!first || typeof first.event !== 'string') return null;
  const math = first.math === 'dau' ? 'unique users' : first.math === 'weekly_active' ? 'weekly active users' : 'count';
  return `${eventLabel(first.event)} ${math}`;
}

export function newInsight(factory: TileFactory, projectId: number, userId: number | null, spec: InsightSpec): InsightRecord {
  const insight: InsightRecord = {
    id: factory.nextId('insight'),
    short_id: shortId(factory.bytes ?? cryptoBytes),
    name: spec.name,
    derived_name: derivedName(spec.query),
    query: spec.query ? structuredClone(spec.query) : null,
    order: null,
    deleted: false,
    last_refresh: null,
    created_at: factory.now,
    description: spec.description,
    updated_at: factory.now,
    tags: [],
    favorited: false,
    last_modified_at: factory.now,
    is_sample: spec.is_sample,
    project_id: projectId,
    created_by: userId,
    last_modified_by: userId,
  };
  factory.addInsight(insight);
  return insight;
}

export function newText(factory: TileFactory, userId: number | null, body: string | null): TextRecord {
  return { id: factory.nextId('text'), body, last_modified_at: factory.now, created_by: userId, last_modified_by: userId };
}

export function newTile(
  factory: TileFactory,
  content: { insight_id: number | null; text: TextRecord | null },
  layouts: Record<string, unknown> | null,
  color: string | null,
): TileRecord {
  return { id: factory.nextId('tile'), insight_id: content.insight_id, text: content.text, layouts: structuredClone(layouts ?? {}), color };
}
