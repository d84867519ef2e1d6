/**
 * `Saved connections`: the hosts this device connected to successfully, newest first (at most 10),
 * each named as the top bar's badge names its backend, with the organization, the user's email and
 * the key's label, never the key. `Use <name>` and `Forget <name>` act on one entry; when two
 * entries share a name (two mocks), the host follows it in parentheses so each button's name is unique.
 */
import { useEffect, useRef } from 'react';
import type { SavedConnection } from '../../api/connect/connect-with-key.ts';
import { resolveHost } from '../../api/client/host.ts';

export interface SavedConnectionsProps {
  entries: ReadonlyArray<SavedConnection>;
  disabled: boolean;
  onUse: (entry: SavedConnection) => void;
  onForget: (entry: SavedConnection) => void;
  /** Where focus goes once the last entry is forgotten (the list is gone). */
  focusWhenEmpty: () => void;
}

function hostOf(entry: SavedConnection): string {
  return new URL(resolveHost(entry.host)).host;
}

/** The entry's name in its buttons: the badge's, with the host when another entry has the same name. */
export function savedConnectionName(entry: SavedConnection, entries: ReadonlyArray<SavedConnection>): string {
  const shared = entries.some((other) => other !== entry && other.name === entry.name);
  return shared && entry.name !== hostOf(entry) ? `${entry.name} (${hostOf(entry)})` : entry.name;
}

export function SavedConnections({ entries, disabled, onUse, onForget, focusWhenEmpty }: SavedConnectionsProps) {
  const listRef = useRef<HTMLUListElement>(null);
  // After `Forget`, focus moves to the entry that took its place (or the one before it), never to the page.
  const focusAt = useRef<number | null>(null);
  useEffect(() => {
    const at = focusAt.current;
    if (at === null) return;
    focusAt.current = null;
    const items = listRef.current?.querySelectorAll('li');
    const item = items?.[Math.min(at, items.length - 1)];
    const button = item?.querySelector('button');
    if (button) button.focus();
    else focusWhenEmpty();
  }, [entries, focusWhenEmpty]);

  if (entries.length === 0) return null;
  return (
    <section className="saved-connections" aria-labelledby="saved-connections-title">
      <h2 id="saved-connections-title">Saved connections</h2>
      <p>Hosts this device connected to. The keys themselves are never listed here.</p>
      <ul className="saved-connection-list" ref={listRef}>
        {entries.map((entry, index) => {
          const name = savedConnectionName(entry, entries);
          const details = [entry.organization, entry.email, entry.keyLabel && `key “${entry.keyLabel}”`].filter(Boolean);
          return (
            <li key={entry.host || '(this site)'}>
              <div className="saved-connection-text">
                <span className="saved-connection-name">{entry.name}</span>
                <span className="saved-connection-detail">
                  {hostOf(entry)}
                  {details.length > 0 && ` · ${details.join(' · ')}`}
                </span>
              </div>
              <div className="saved-connection-actions">
                <button type="button" className="button" disabled={disabled} onClick={() => onUse(entry)}>
                  Use {name}
                </button>
                <button
                  type="button"
                  className="button button-ghost"
                  disabled={disabled}
                  onClick={() => {
                    focusAt.current = index;
                    onForget(entry);
                  }}
                >
                  Forget {name}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
