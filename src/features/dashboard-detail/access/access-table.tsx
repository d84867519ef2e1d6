/** The Access tab's table: one row per person (drawn in batches), or a line when the search matches nobody. */
import type { Ref } from 'react';
import type { AccessLevel, Verdict } from '../../../api/access/access-verdict.ts';
import { AccessRow, type RowActions, type RowProps } from './access-row.tsx';

interface AccessTableProps {
  /** The rows the search keeps, and of those the ones drawn so far. */
  shownRows: Verdict[];
  drawnRows: Verdict[];
  search: string;
  everyone: AccessLevel | null;
  actions: RowActions;
  rowState: (verdict: Verdict) => Pick<RowProps, 'pendingRule' | 'busy' | 'error'>;
  tableRef: Ref<HTMLDivElement>;
}

export function AccessTable({ shownRows, drawnRows, search, everyone, actions, rowState, tableRef }: AccessTableProps) {
  return (
    <div className="table-scroll" ref={tableRef}>
      <table className="simple-table access-table">
        <caption>Who has access</caption>
        <thead>
          <tr>
            <th scope="col" className="access-person">
              Person
            </th>
            <th scope="col" className="access-role">
              Role
            </th>
            <th scope="col" className="access-level">
              Access
            </th>
            <th scope="col" className="access-why">
              Why
            </th>
            <th scope="col" className="access-actions">
              Change
            </th>
          </tr>
        </thead>
        <tbody>
          {shownRows.length === 0 ? (
            <tr>
              <td colSpan={5}>Nobody matches “{search.trim()}”.</td>
            </tr>
          ) : (
            drawnRows.map((verdict) => {
              const state = rowState(verdict);
              return (
                <AccessRow
                  key={verdict.member.id}
                  verdict={verdict}
                  pendingRule={state.pendingRule}
                  busy={state.busy}
                  error={state.error}
                  everyone={everyone}
                  actions={actions}
                />
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
