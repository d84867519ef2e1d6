/** `Authorized URLs`: one text box per URL, with `Add URL` and a `Remove <url>` button per row. */
import { useEffect, useId, useRef } from 'react';

export interface AuthorizedUrlsProps {
  urls: ReadonlyArray<string>;
  onChange: (urls: string[]) => void;
  /** An error about the list as a whole. */
  error?: string;
  /** The error under row `index` (e.g. not a URL, or too long). */
  rowError: (index: number) => string | undefined;
  disabled?: boolean;
}

export function AuthorizedUrls({ urls, onChange, error, rowError, disabled }: AuthorizedUrlsProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const listRef = useRef<HTMLUListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  // Where focus goes after the rows change: a row index, 'add', or nothing.
  const focusNext = useRef<number | 'add' | null>(null);

  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    focusNext.current = null;
    if (target === 'add') addRef.current?.focus();
    else listRef.current?.querySelectorAll<HTMLInputElement>('input')[target]?.focus();
  }, [urls.length]);

  const label = (url: string, index: number) => (url.trim() ? url.trim() : `URL ${index + 1}`);

  return (
    <fieldset
      className="authorized-urls"
      aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
      aria-invalid={error ? true : undefined}
    >
      <legend>Authorized URLs</legend>
      <p id={hintId} className="field-hint">
        The sites where the toolbar and heatmaps may open, e.g. https://app.example.com. Empty rows are not saved.
      </p>
      {urls.length === 0 ? (
        <p className="field-hint">No authorized URLs yet.</p>
      ) : (
        <ul ref={listRef} className="url-rows">
          {urls.map((url, index) => {
            const problem = rowError(index);
            const rowErrorId = `${id}-row-${index}-error`;
            return (
              <li key={index} className="url-row">
                <div className="input-with-button">
                  <input
                    type="url"
                    inputMode="url"
                    aria-label={`Authorized URL ${index + 1}`}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? rowErrorId : undefined}
                    placeholder="https://"
                    autoComplete="off"
                    spellCheck={false}
                    value={url}
                    disabled={disabled}
                    onChange={(event) => onChange(urls.map((u, i) => (i === index ? event.target.value : u)))}
                  />
                  <button
                    type="button"
                    className="button button-small"
                    disabled={disabled}
                    aria-label={`Remove ${label(url, index)}`}
                    onClick={() => {
                      focusNext.current = urls.length > 1 ? Math.min(index, urls.length - 2) : 'add';
                      onChange(urls.filter((_, i) => i !== index));
                    }}
                  >
                    Remove
                  </button>
                </div>
                {problem && (
                  <p id={rowErrorId} className="field-error">
                    {problem}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
      <button
        ref={addRef}
        type="button"
        className="button button-small"
        disabled={disabled}
        onClick={() => {
          focusNext.current = urls.length;
          onChange([...urls, '']);
        }}
      >
        Add URL
      </button>
    </fieldset>
  );
}
