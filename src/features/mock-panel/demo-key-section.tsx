/** Mock controls → Demo key: the key in use, and a one-click switch to each other demo key. */
import { useRef } from 'react';
import { useConnectionState } from '../../api/runtime/use-runtime.ts';
import { useSwitchKey } from '../../api/resources/mock-mutations.ts';
import type { MockInfo } from '../../contract/schemas.ts';
import { Button } from '../../components/button/button.tsx';
import { ActionError } from '../../components/feedback/error-state.tsx';
import { useToast } from '../../components/feedback/toast.tsx';

type DemoKey = MockInfo['keys'][number];

const scopeText = (scopes: ReadonlyArray<string>) => (scopes.includes('*') ? 'every scope' : scopes.join(', '));

export function DemoKeySection({ info }: { info: MockInfo }) {
  const { connection } = useConnectionState();
  const switchKey = useSwitchKey();
  const toast = useToast();
  const current = info.keys.find((key) => key.key === connection?.key);
  const inUseRef = useRef<HTMLParagraphElement>(null);

  const choose = (key: DemoKey) => {
    switchKey.mutate(key.key, {
      onSuccess: () => {
        // The pressed button is replaced by "in use": focus moves to the sentence naming the key.
        inUseRef.current?.focus();
        toast.success(`Now using ${key.key} (${key.user}): the page was loaded again with this key.`);
      },
    });
  };

  return (
    <section className="mock-section" aria-labelledby="mock-key-title">
      <h3 id="mock-key-title">Demo key</h3>
      <p ref={inUseRef} tabIndex={-1} className="mock-key-in-use">
        {current ? (
          <>
            In use: <strong>{current.key}</strong> ({current.user}, {scopeText(current.scopes)}).
          </>
        ) : (
          'The connected key is not one of the demo keys.'
        )}
      </p>
      <ul className="mock-key-list">
        {info.keys.map((key) => (
          <li key={key.key}>
            {key.key === current?.key ? (
              <span className="mock-key-current">{key.key} is in use</span>
            ) : (
              <Button
                className="button button-small"
                inactive={switchKey.isPending}
                pending={switchKey.isPending && switchKey.variables === key.key}
                onClick={() => choose(key)}
              >
                Switch to {key.key}
              </Button>
            )}
            <span className="field-hint">
              {key.user} · {scopeText(key.scopes)}
            </span>
          </li>
        ))}
      </ul>
      <p className="field-hint">Switching keeps this page and loads it again with the other key.</p>
      <ActionError error={switchKey.error} prefix="Could not switch keys:" onDismiss={switchKey.reset} />
    </section>
  );
}
