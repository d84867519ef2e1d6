/**
 * An answer's body as indented JSON, text only (names from the API never render as HTML), where a
 * dashboard's, project's or person's id is a link to the operation that reads it with the id filled
 * in. Which operation reads what comes from the catalogue (by the endpoint names of the contract).
 */
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { explorerLink, type ExplorerForm } from '../../components/share-request/explorer-link.ts';
import { operations } from '../../contract/operations/operations.ts';

type Kind = 'dashboard' | 'project' | 'person';

/** Where an id leads: the reading operation's link, or null. */
export type IdLink = (kind: Kind, id: string, record: Readonly<Record<string, unknown>>) => string | null;

/** The reading operation of an endpoint name with the fewest path parameters (`/api/projects/:project_id/`, not its organization's path). */
const readerId = (endpointName: string) =>
  operations()
    .filter((operation) => operation.method === 'GET' && operation.endpoints[0]?.name === endpointName)
    .sort((a, b) => a.pathParams.length - b.pathParams.length)[0]?.id;

/**
 * The links of an answer to an operation whose path parameters were `params`: a dashboard needs its
 * project (the record's `team_id`, else the path's `project_id`); a person is found among the
 * members by e-mail.
 */
export function idLinks(params: Readonly<Record<string, string>>): IdLink {
  const dashboardReader = readerId('dashboards.get');
  const projectReader = readerId('projects.get');
  const membersReader = readerId('organizations.members');
  return (kind, id, record) => {
    const form = (path: Record<string, string>, query: Record<string, string> = {}): ExplorerForm => ({ path, query, body: null });
    if (kind === 'project' && projectReader) return explorerLink(projectReader, form({ project_id: id }));
    if (kind === 'dashboard' && dashboardReader) {
      const project = typeof record.team_id === 'number' ? String(record.team_id) : params.project_id;
      return project ? explorerLink(dashboardReader, form({ project_id: project, dashboard_id: id })) : null;
    }
    if (kind === 'person' && membersReader && typeof record.email === 'string') {
      return explorerLink(membersReader, form({ organization_id: params.organization_id || '@current' }, { email: record.email }));
    }
    return null;
  };
}

/** What an object found at `key` (under `parentKind`'s record) is, from the contract's field names. */
function kindOfRecord(key: string | null, record: Readonly<Record<string, unknown>>, rootKind: Kind | null): Kind | null {
  if (typeof record.uuid === 'string' && typeof record.email === 'string') return 'person';
  if (key === null || key === 'results') return rootKind;
  if (key === 'dashboard' || key === 'dashboards' || key === 'from_dashboard' || key === 'to_dashboard') return 'dashboard';
  if (key === 'team' || key === 'teams' || key === 'projects' || key === 'project') return 'project';
  return null;
}

/** What a scalar field names (`team_id`, `dashboard`), or null. */
function kindOfField(key: string): Kind | null {
  if (key === 'team_id' || key === 'project_id') return 'project';
  if (key === 'dashboard' || key === 'dashboard_id') return 'dashboard';
  return null;
}

interface Context {
  link: IdLink;
  rootKind: Kind | null;
}

const pad = (depth: number) => '  '.repeat(depth);

function Value({ value, depth, keyName, record, kind, context }: {
  value: unknown;
  depth: number;
  keyName: string | null;
  /** The object holding this value. */
  record: Readonly<Record<string, unknown>> | null;
  /** What that object is. */
  kind: Kind | null;
  context: Context;
}): ReactNode {
  if (value === null) return <span className="json-null">null</span>;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    // A list of ids under `dashboards` or `teams` is a list of links.
    const itemKind = kindOfRecord(keyName, {}, context.rootKind);
    return (
      <>
        {'[\n'}
        {value.map((item, index) => (
          <Fragment key={index}>
            {pad(depth + 1)}
            {(typeof item === 'number' || typeof item === 'string') && itemKind && keyName !== null && keyName !== 'results' ? (
              <IdValue value={item} kind={itemKind} record={{}} context={context} />
            ) : (
              <Value value={item} depth={depth + 1} keyName={keyName} record={record} kind={kind} context={context} />
            )}
            {index < value.length - 1 ? ',\n' : '\n'}
          </Fragment>
        ))}
        {pad(depth)}]
      </>
    );
  }
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    const entries = Object.entries(object);
    if (entries.length === 0) return '{}';
    const objectKind = kindOfRecord(keyName, object, context.rootKind);
    return (
      <>
        {'{\n'}
        {entries.map(([name, member], index) => (
          <Fragment key={name}>
            {pad(depth + 1)}
            <span className="json-key">{JSON.stringify(name)}</span>
            {': '}
            <Value value={member} depth={depth + 1} keyName={name} record={object} kind={objectKind} context={context} />
            {index < entries.length - 1 ? ',\n' : '\n'}
          </Fragment>
        ))}
        {pad(depth)}
        {'}'}
      </>
    );
  }
  if ((typeof value === 'number' || typeof value === 'string') && record) {
    const idKind = keyName === 'id' || keyName === 'uuid' ? (keyName === 'uuid' ? (kind === 'person' ? 'person' : null) : kind === 'person' ? null : kind) : keyName ? kindOfField(keyName) : null;
    if (idKind) return <IdValue value={value} kind={idKind} record={record} context={context} />;
  }
  return <Scalar value={value} />;
}

function Scalar({ value }: { value: unknown }) {
  if (typeof value === 'string') return <span className="json-string">{JSON.stringify(value)}</span>;
  if (typeof value === 'number') return <span className="json-number">{String(value)}</span>;
  if (typeof value === 'boolean') return <span className="json-boolean">{String(value)}</span>;
  return <span>{JSON.stringify(value) ?? 'null'}</span>;
}

function IdValue({ value, kind, record, context }: { value: string | number; kind: Kind; record: Readonly<Record<string, unknown>>; context: Context }) {
  const to = context.link(kind, String(value), record);
  if (!to) return <Scalar value={value} />;
  const label = kind === 'person' ? `Read person ${String(value)}` : `Read ${kind} ${String(value)}`;
  return (
    <Link to={to} className="explorer-id-link" aria-label={label}>
      {typeof value === 'string' ? JSON.stringify(value) : String(value)}
    </Link>
  );
}

export interface AnswerBodyProps {
  body: unknown;
  /** What the answer's top-level record (or its `results`) is: the operation's resource. */
  rootKind: Kind | null;
  link: IdLink;
}

export function AnswerBody({ body, rootKind, link }: AnswerBodyProps) {
  if (body === null) return <p className="field-hint">No body.</p>;
  if (typeof body === 'string') return <pre className="explorer-json">{body}</pre>;
  return (
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a long answer scrolls: the keyboard must reach it (WCAG 2.1.1).
    <pre className="explorer-json" tabIndex={0} aria-label="Answer body">
      <Value value={body} depth={0} keyName={null} record={null} kind={null} context={{ link, rootKind }} />
    </pre>
  );
}

/** The resource an operation's answer is about, from its group. */
export function rootKindOf(groupTag: string): Kind | null {
  if (groupTag === 'dashboards') return 'dashboard';
  if (groupTag === 'projects') return 'project';
  return null;
}
