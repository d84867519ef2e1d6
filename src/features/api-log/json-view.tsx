/**
 * A response body as a collapsible tree: each object or array is a button (aria-expanded) that
 * shows or hides its members. Values render as text, never as HTML.
 */
import { useState } from 'react';

/** Children shown at first in a long array or object; the rest behind `Show all`. */
const FIRST_SHOWN = 100;

type Container = Record<string, unknown> | unknown[];

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

function summary(value: Container): string {
  if (Array.isArray(value)) return `[${value.length} ${value.length === 1 ? 'item' : 'items'}]`;
  const count = Object.keys(value).length;
  return `{${count} ${count === 1 ? 'field' : 'fields'}}`;
}

function Scalar({ value }: { value: unknown }) {
  if (typeof value === 'string') return <span className="json-string">{JSON.stringify(value)}</span>;
  if (typeof value === 'number') return <span className="json-number">{String(value)}</span>;
  if (typeof value === 'boolean') return <span className="json-boolean">{String(value)}</span>;
  return <span className="json-null">null</span>;
}

function Members({ value, depth, openDepth }: { value: Container; depth: number; openDepth: number }) {
  const [showAll, setShowAll] = useState(false);
  const entries: Array<[string, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
  const shown = showAll ? entries : entries.slice(0, FIRST_SHOWN);
  if (entries.length === 0) return <span className="json-empty">{Array.isArray(value) ? ' (empty list)' : ' (no fields)'}</span>;
  return (
    <ul className="json-members">
      {shown.map(([name, member]) => (
        <JsonNode key={name} name={name} value={member} depth={depth + 1} openDepth={openDepth} />
      ))}
      {shown.length < entries.length && (
        <li>
          <button type="button" className="button button-small button-ghost" onClick={() => setShowAll(true)}>
            Show all {entries.length}
          </button>
        </li>
      )}
    </ul>
  );
}

function JsonNode({ name, value, depth, openDepth }: { name: string; value: unknown; depth: number; openDepth: number }) {
  const [open, setOpen] = useState(depth < openDepth);
  if (!isContainer(value)) {
    return (
      <li className="json-leaf">
        <span className="json-key">{name}:</span> <Scalar value={value} />
      </li>
    );
  }
  return (
    <li className="json-branch">
      <button type="button" className="json-toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <span className="json-key">{name}</span> <span className="json-summary">{summary(value)}</span>
      </button>
      {open && <Members value={value} depth={depth} openDepth={openDepth} />}
    </li>
  );
}

export interface JsonViewProps {
  value: unknown;
  /** Nesting levels open at first (1: the top level's members are listed, nested ones collapsed). */
  openDepth?: number;
}

export function JsonView({ value, openDepth = 1 }: JsonViewProps) {
  if (typeof value === 'string') return <pre className="json-text">{value}</pre>;
  if (!isContainer(value)) {
    return (
      <pre className="json-text">
        <Scalar value={value} />
      </pre>
    );
  }
  return (
    <div className="json-view">
      <span className="json-summary">{summary(value)}</span>
      {openDepth > 0 ? <Members value={value} depth={0} openDepth={openDepth} /> : null}
    </div>
  );
}
