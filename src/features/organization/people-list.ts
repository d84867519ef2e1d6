/** The `Members` table's rows and their sort (`?sort=person|role|joined|lastLogin|created`, `-` for descending). */
import type { Member } from '../../contract/schemas.ts';

export interface PersonRow {
  member: Member;
  /** The position in the API's answer (newest `joined_at` first). */
  index: number;
  name: string;
  /** Dashboards created over every project loaded so far. */
  created: number;
}

export type PeopleSortField = 'person' | 'role' | 'joined' | 'lastLogin' | 'created';
export interface PeopleSort {
  field: PeopleSortField;
  descending: boolean;
}

const fields: ReadonlyArray<PeopleSortField> = ['person', 'role', 'joined', 'lastLogin', 'created'];

/** The sort from the URL; the default is the API's order, the newest member first. */
export function peopleSortFrom(value: string): PeopleSort {
  const field = value.replace(/^-/, '') as PeopleSortField;
  return fields.includes(field) ? { field, descending: value.startsWith('-') } : { field: 'joined', descending: true };
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
const time = (iso: string | null | undefined) => (iso ? Date.parse(iso) : -Infinity);

/** The rows in the order asked (a new array; equal keys keep the API's order). */
export function sortPeople(rows: ReadonlyArray<PersonRow>, order: PeopleSort): PersonRow[] {
  const direction = order.descending ? -1 : 1;
  const compare = (a: PersonRow, b: PersonRow): number => {
    switch (order.field) {
      case 'person':
        return collator.compare(a.name, b.name);
      case 'role':
        return a.member.level - b.member.level;
      case 'joined':
        return time(a.member.joined_at) - time(b.member.joined_at);
      case 'lastLogin': {
        const [x, y] = [time(a.member.last_login), time(b.member.last_login)];
        return x === y ? 0 : x < y ? -1 : 1;
      }
      case 'created':
        return a.created - b.created;
    }
  };
  return [...rows].sort((a, b) => compare(a, b) * direction || a.index - b.index);
}

/** The person page's path, keeping the chosen organization. */
export function personPath(userUuid: string, organization: string): string {
  const search = organization ? `?${new URLSearchParams({ organization }).toString()}` : '';
  return `/organization/people/${encodeURIComponent(userUuid)}${search}`;
}
