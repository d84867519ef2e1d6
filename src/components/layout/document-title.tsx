/**
 * The document title of CONSOLE.md: `<page heading> · <project name> · Analytics Console`, the
 * project part left out outside a project. The shell provides the project's name; each page calls
 * `useDocumentTitle(heading)` once (`{ inProject: false }` for pages that are not about a project).
 */
import { createContext, useContext, useEffect } from 'react';

export const APP_TITLE = 'Analytics Console';

const ProjectNameContext = createContext<string | null>(null);

/** Set by the shell: the name of the project the URL names (null outside a project or while unknown). */
export const ProjectNameProvider = ProjectNameContext.Provider;

export function documentTitle(heading: string, projectName: string | null = null): string {
  return [heading, projectName, APP_TITLE].filter((part) => part !== null && part !== '').join(' · ');
}

/** Sets the title while the page shows `heading`; null leaves it as it is (e.g. while the heading loads). */
export function useDocumentTitle(heading: string | null | undefined, options: { inProject?: boolean } = {}): void {
  const projectName = useContext(ProjectNameContext);
  const title = heading ? documentTitle(heading, options.inProject === false ? null : projectName) : null;
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
}
