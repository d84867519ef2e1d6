/** Connect's demo keys, offered when the host is the bundled mock: one button each connects with that key at once. */

interface DemoKey {
  key: string;
  user: string;
  scopes: ReadonlyArray<string>;
}

interface DemoKeysProps {
  keys: ReadonlyArray<DemoKey>;
  /** While a key is being checked. */
  disabled: boolean;
  onUse: (key: string) => void;
}

export function DemoKeys({ keys, disabled, onUse }: DemoKeysProps) {
  return (
    <section className="demo-keys" aria-labelledby="demo-keys-title">
      <h2 id="demo-keys-title">Demo keys</h2>
      {import.meta.env.MODE === 'demo' ? (
        <p>
          This is the in-browser demo: the mock backend runs inside this page and keeps its data in this browser only
          (Reset demo data in Mock controls starts over). Pick a demo key to connect with it at once, or enter a key
          below:
        </p>
      ) : (
        <p>
          This console is served with the bundled mock backend. Pick a demo key to connect with it at once, or enter
          a key below:
        </p>
      )}
      <ul className="demo-key-list">
        {keys.map((demo) => (
          <li key={demo.key}>
            <button
              type="button"
              className="button"
              disabled={disabled}
              onClick={() => onUse(demo.key)}
            >
              Use demo key {demo.key}
            </button>
            <span className="demo-key-detail">
              {demo.user} · {demo.scopes.join(', ')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
