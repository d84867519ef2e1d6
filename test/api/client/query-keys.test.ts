// The roots of the console's query keys (query-keys.ts): the prefixes one invalidation reaches
// everything beneath, as its key documentation lists them, and the path segment of an id.
import { describe, expect, it } from 'vitest';
import { keyRoots, segment } from '../../../src/api/client/query-keys.ts';

const under = (key: ReadonlyArray<unknown>, root: ReadonlyArray<unknown>) => root.every((part, i) => key[i] === part);

describe('keyRoots', () => {
  it('are the documented prefixes', () => {
    expect(keyRoots.organization).toEqual(['organization']);
    expect(keyRoots.projects).toEqual(['projects']);
    expect(keyRoots.projectLists).toEqual(['projects', 'list']);
    expect(keyRoots.projectSwitchers).toEqual(['projects', 'switcher']);
    expect(keyRoots.project(7)).toEqual(['project', '7']);
    expect(keyRoots.activityLog(7)).toEqual(['project', '7', 'activity-log']);
    expect(keyRoots.dashboards(7)).toEqual(['dashboards', '7']);
    expect(keyRoots.dashboardLists(7)).toEqual(['dashboards', '7', 'list']);
    expect(keyRoots.dashboardSearches(7)).toEqual(['dashboards', '7', 'go-to']);
    expect(keyRoots.dashboardRows(7)).toEqual(['dashboards', '7', 'rows']);
    expect(keyRoots.dashboardDetails(7)).toEqual(['dashboards', '7', 'detail']);
    expect(keyRoots.dashboard(7, 12)).toEqual(['dashboards', '7', 'detail', '12']);
    expect(keyRoots.personAccess).toEqual(['person-access']);
    expect(keyRoots.mock).toEqual(['mock']);
  });

  it('key an id from the API and the same id from the URL alike', () => {
    expect(keyRoots.project(7)).toEqual(keyRoots.project('7'));
    expect(keyRoots.dashboard(7, 12)).toEqual(keyRoots.dashboard('7', '12'));
    expect(keyRoots.dashboardLists('7')).toEqual(keyRoots.dashboardLists(7));
  });

  it('nest as documented: one invalidation reaches what is beneath, and only that', () => {
    expect(under(keyRoots.projectLists, keyRoots.projects)).toBe(true);
    expect(under(keyRoots.projectSwitchers, keyRoots.projects)).toBe(true);
    expect(under(keyRoots.projectSwitchers, keyRoots.projectLists)).toBe(false);
    expect(under(keyRoots.activityLog(1), keyRoots.project(1))).toBe(true);
    expect(under(keyRoots.project(1), keyRoots.projects)).toBe(false);
    expect(under(keyRoots.dashboard(1, 2), keyRoots.dashboardDetails(1))).toBe(true);
    expect(under(keyRoots.dashboardDetails(1), keyRoots.dashboards(1))).toBe(true);
    for (const sibling of [keyRoots.dashboardLists(1), keyRoots.dashboardSearches(1), keyRoots.dashboardRows(1)]) {
      expect(under(sibling, keyRoots.dashboards(1))).toBe(true);
      expect(under(sibling, keyRoots.dashboardDetails(1))).toBe(false);
    }
    expect(under(keyRoots.dashboards(2), keyRoots.dashboards(1))).toBe(false);
  });
});

describe('segment', () => {
  it('puts an id in a path: numbers and `@current` as they are, anything else encoded', () => {
    expect(segment(7)).toBe('7');
    expect(segment('@current')).toBe('@current');
    expect(segment('a/b c')).toBe('a%2Fb%20c');
    expect(segment('x@y@z')).toBe('x@y@z');
    expect(segment('?#')).toBe('%3F%23');
  });
});
