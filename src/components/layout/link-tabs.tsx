/**
 * Tabs whose every tab is its own URL: role tablist/tab/tabpanel, aria-selected, a roving tabindex,
 * and ArrowLeft/ArrowRight/Home/End moving between tabs and navigating to them.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import './tabs.css';

export interface LinkTab {
  /** Absolute path of the tab, e.g. `/projects/1/dashboards/7/sharing`. */
  to: string;
  /** Visible name and accessible name, e.g. `Sharing`. */
  label: string;
  /** A query string the tab's URL carries (`?organization=2`), not part of which tab is selected. */
  search?: string;
}

export interface LinkTabsProps {
  /** Accessible name of the tab list, e.g. `Dashboard sections`. */
  label: string;
  tabs: ReadonlyArray<LinkTab>;
  /** The selected tab's content (typically `<Outlet />`), rendered in the tabpanel. */
  children: ReactNode;
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The tab for `pathname`: an exact match, else the longest tab path it lies under, else the first. */
export function selectedTabIndex(tabs: ReadonlyArray<LinkTab>, pathname: string): number {
  const current = trimSlash(pathname);
  const exact = tabs.findIndex((tab) => trimSlash(tab.to) === current);
  if (exact >= 0) return exact;
  let best = -1;
  tabs.forEach((tab, index) => {
    const to = trimSlash(tab.to);
    if (current.startsWith(`${to}/`) && (best < 0 || to.length > trimSlash(tabs[best]!.to).length)) best = index;
  });
  return best >= 0 ? best : 0;
}

export function LinkTabs({ label, tabs, children }: LinkTabsProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLAnchorElement | null>>([]);
  const selected = selectedTabIndex(tabs, pathname);
  const tabId = (index: number) => `${baseId}-tab-${index}`;
  const panelId = `${baseId}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabRefs.current.findIndex((el) => el === document.activeElement);
    const from = current >= 0 ? current : selected;
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = (from + 1) % tabs.length;
        break;
      case 'ArrowLeft':
        next = (from - 1 + tabs.length) % tabs.length;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = tabs.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    tabRefs.current[next]?.focus();
    navigate({ pathname: tabs[next]!.to, search: tabs[next]!.search ?? '' });
  };

  return (
    <div className="tabs">
      {/* eslint-disable-next-line jsx-a11y-x/interactive-supports-focus -- roving tabindex: the selected tab takes focus, and the tablist hears the arrow keys its tabs send up. */}
      <div role="tablist" aria-label={label} className="tab-list" onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <Link
            key={tab.to}
            ref={(el) => {
              tabRefs.current[index] = el;
            }}
            id={tabId(index)}
            to={{ pathname: tab.to, search: tab.search ?? '' }}
            role="tab"
            aria-selected={index === selected}
            aria-controls={index === selected ? panelId : undefined}
            tabIndex={index === selected ? 0 : -1}
            className="tab"
          >
            {tab.label}
          </Link>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} className="tab-panel" tabIndex={0}>
        {children}
      </div>
    </div>
  );
}
