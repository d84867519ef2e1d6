/** A path that wraps after its slashes, never inside a segment (`/api/<wbr>projects/<wbr>…`); its text is unchanged. */
import { Fragment } from 'react';

export function PathText({ path, className = 'explorer-path' }: { path: string; className?: string }) {
  const parts = path.split('/');
  return (
    <span className={className}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 && (
            <>
              /<wbr />
            </>
          )}
        </Fragment>
      ))}
    </span>
  );
}
