/**
 * The explorer's `Operations`: every operation of the catalogue grouped by resource, each a link
 * named `<METHOD> <path>`, with the scope it needs and whether the key has it (marked, never
 * disabled: it can still be sent, to see the refusal). `Search operations` filters by path, method,
 * summary or scope.
 */
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { operationGroups, operationLabel, type Operation } from '../../contract/operations/operations.ts';
import { keyUse, type KeyFacts } from './key-use.ts';
import { PathText } from './path-text.tsx';

const matches = (operation: Operation, words: string[]) => {
  const haystack = `${operationLabel(operation)} ${operation.aliases.join(' ')} ${operation.summary} ${operation.scope ?? 'any key'}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
};

export function OperationNav({ current, facts }: { current: string | null; facts: KeyFacts }) {
  const [search, setSearch] = useState('');
  const searchId = useId();
  const groups = useMemo(() => {
    const words = search.toLowerCase().split(/\s+/).filter(Boolean);
    return operationGroups()
      .map(({ group, operations }) => ({ group, operations: operations.filter((operation) => matches(operation, words)) }))
      .filter(({ operations }) => operations.length > 0);
  }, [search]);
  const count = groups.reduce((sum, { operations }) => sum + operations.length, 0);
  return (
    <nav aria-label="Operations" className="explorer-nav">
      <div className="field explorer-search">
        <label htmlFor={searchId}>Search operations</label>
        <input id={searchId} type="search" value={search} placeholder="Path, method, summary or scope" onChange={(event) => setSearch(event.target.value)} />
      </div>
      <p className="field-hint" aria-live="polite">
        {count === 0 ? 'No operation matches.' : `${count} ${count === 1 ? 'operation' : 'operations'}`}
      </p>
      <div className="explorer-nav-list">
        {groups.map(({ group, operations }) => (
          <section key={group.tag} aria-labelledby={`${searchId}-${group.tag}`}>
            <h2 id={`${searchId}-${group.tag}`} className="explorer-group">
              {group.label}
            </h2>
            <ul>
              {operations.map((operation) => {
                const use = keyUse(operation, facts);
                return (
                  <li key={operation.id} className={use.ok === false ? 'explorer-op explorer-op-refused' : 'explorer-op'}>
                    <Link to={`/explorer/${encodeURIComponent(operation.id)}`} aria-current={operation.id === current ? 'page' : undefined}>
                      <span className={`explorer-method explorer-method-${operation.method.toLowerCase()}`}>{operation.method}</span>{' '}
                      <PathText path={operation.path} />
                    </Link>
                    <span className="explorer-op-scope">
                      {operation.scope ?? 'any key'}
                      {use.ok === false && <span className="explorer-op-mark"> · {use.short}</span>}
                    </span>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </nav>
  );
}
