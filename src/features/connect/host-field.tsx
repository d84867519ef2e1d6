/** Connect's `API host` field: the address, what of it the console leaves out, and PostHog Cloud's two regions as quick picks. */
import type { Ref } from 'react';
import { hostPathLeftOut, normalizeHost } from '../../api/connect/typed-host.ts';
import { Field } from '../../components/form/field.tsx';

/** The quick picks beside `API host`: PostHog Cloud's two regions. */
export const CLOUD_HOSTS = [
  { name: 'PostHog Cloud US', host: 'https://us.posthog.com' },
  { name: 'PostHog Cloud EU', host: 'https://eu.posthog.com' },
] as const;

interface HostFieldProps {
  value: string;
  error: string | undefined;
  onChange: (host: string) => void;
  inputRef: Ref<HTMLInputElement>;
}

export function HostField({ value, error, onChange, inputRef }: HostFieldProps) {
  const pathLeftOut = hostPathLeftOut(value);
  const typedOrigin = pathLeftOut ? normalizeHost(value) : null;
  return (
    <Field
      label="API host"
      hint="Leave empty to use this site's own origin (the dev proxy or the bundled mock), or enter an https:// address such as https://us.posthog.com (http:// only for localhost or 127.0.0.1)."
      error={error}
    >
      {(control) => (
        <>
          <input
            {...control}
            ref={inputRef}
            type="text"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            placeholder="Empty: this site's own origin"
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
          {pathLeftOut && typedOrigin && (
            <p className="field-hint">
              The console uses {typedOrigin}: the API is at the root of its host, so {pathLeftOut} is left out.
            </p>
          )}
          <div className="cloud-picks">
            {CLOUD_HOSTS.map((cloud) => (
              <button
                key={cloud.host}
                type="button"
                className="button button-small"
                onClick={() => onChange(cloud.host)}
              >
                {cloud.name}
              </button>
            ))}
          </div>
        </>
      )}
    </Field>
  );
}
