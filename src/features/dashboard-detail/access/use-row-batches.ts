/** The people the search keeps, drawn in batches: one batch per frame, from the first rows (again after each search). */
import { startTransition, useEffect, useMemo, useState } from 'react';
import { personName, type Verdict } from '../../../api/access/access-verdict.ts';

/**
 * Rows drawn per frame: a long table (200 members) is drawn in batches, each its own short task,
 * so the page never blocks for long (CONSOLE.md's 200 rows with no task over 50 ms).
 */
const ROW_BATCH = 30;

export function useRowBatches(verdicts: Verdict[] | null, deferredSearch: string) {
  const shownRows = useMemo(() => {
    const needle = deferredSearch.trim().toLowerCase();
    if (!verdicts || !needle) return verdicts;
    return verdicts.filter(
      (v) => personName(v.member.user).toLowerCase().includes(needle) || v.member.user.email.toLowerCase().includes(needle),
    );
  }, [verdicts, deferredSearch]);

  const [drawn, setDrawn] = useState({ search: deferredSearch, limit: ROW_BATCH });
  if (drawn.search !== deferredSearch) setDrawn({ search: deferredSearch, limit: ROW_BATCH });
  const total = shownRows?.length ?? 0;
  useEffect(() => {
    if (drawn.limit >= total) return;
    const frame = requestAnimationFrame(() => startTransition(() => setDrawn((d) => ({ ...d, limit: d.limit + ROW_BATCH }))));
    return () => cancelAnimationFrame(frame);
  }, [drawn.limit, total]);
  const drawnRows = useMemo(() => shownRows?.slice(0, drawn.limit) ?? null, [shownRows, drawn.limit]);
  return { shownRows, drawnRows };
}
