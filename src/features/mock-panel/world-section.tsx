/**
 * Mock controls, `World` (API.md §9, CONSOLE.md "API log"): the mock world this tab uses, kept with
 * the connection. Every request then carries `X-Mock-World`; empty is the default world.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useConnectionState, useRuntime } from '../../api/runtime/use-runtime.ts';
import { saveConnection } from '../../api/connect/save-connection.ts';
import { forgetOtherWorld } from '../../api/resources/mock-mutations.ts';
import { Field } from '../../components/form/field.tsx';
import { useToast } from '../../components/feedback/toast.tsx';
import { mockWorldNameError } from '../../contract/mock-world.ts';

/**
 * Moves this tab to another mock world (`''`: the default one), kept with the connection: nothing
 * fetched in the old world stays on screen, everything shown is fetched again from the new one.
 * (Here, not in api/resources/mock.ts: only this lazily loaded panel needs it.)
 */
function useSwitchWorld(): (world: string) => void {
  const queryClient = useQueryClient();
  const runtime = useRuntime();
  return (world) => {
    const current = runtime.connection.get();
    if (!current) return;
    // The same key, host and storage: only the world changes (the other tabs see the same key).
    saveConnection(runtime, { host: current.host, key: current.key, remember: current.remembered, world });
    forgetOtherWorld(queryClient);
  };
}

export function WorldSection() {
  const { connection } = useConnectionState();
  const current = connection?.world ?? '';
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const switchWorld = useSwitchWorld();
  const toast = useToast();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const name = value.trim();
    const problem = name === '' ? null : mockWorldNameError(name);
    setError(problem);
    if (problem) {
      document.getElementById('mock-world-field')?.focus();
      return;
    }
    setValue(name);
    if (name === current) return;
    switchWorld(name);
    toast.success(name ? `Now using the world ${name}: the page was loaded again from it.` : 'Now using the default world: the page was loaded again from it.');
  };

  return (
    <section className="mock-section" aria-labelledby="mock-world-title">
      <h3 id="mock-world-title">World</h3>
      <p className="field-hint">
        In use: <strong>{current || 'the default world'}</strong>. A world is a copy of the demo data of its own: what you change
        there, nobody in another world sees. Its faults are its own too.
      </p>
      <form onSubmit={apply} noValidate className="mock-world-form">
        <Field
          id="mock-world-field"
          label="World"
          hint='Letters, digits, "-" and "_", up to 40. Empty: the default world.'
          error={error}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              spellCheck={false}
              autoComplete="off"
              placeholder="default"
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                if (error) setError(null);
              }}
            />
          )}
        </Field>
        <div className="button-row">
          <button type="submit" className="button">
            Use this world
          </button>
        </div>
      </form>
    </section>
  );
}
