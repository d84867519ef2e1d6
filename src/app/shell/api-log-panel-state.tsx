/** Shell-wide UI state: whether the API log panel is open. */
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

export interface AppUi {
  apiLogOpen: boolean;
  setApiLogOpen: (open: boolean) => void;
  toggleApiLog: () => void;
}

const AppUiContext = createContext<AppUi | null>(null);

export function AppUiProvider({ children }: { children: ReactNode }) {
  const [apiLogOpen, setApiLogOpen] = useState(false);
  const value = useMemo<AppUi>(
    () => ({ apiLogOpen, setApiLogOpen, toggleApiLog: () => setApiLogOpen((open) => !open) }),
    [apiLogOpen],
  );
  return <AppUiContext.Provider value={value}>{children}</AppUiContext.Provider>;
}

export function useAppUi(): AppUi {
  const value = useContext(AppUiContext);
  if (!value) throw new Error('useAppUi must be used inside AppUiProvider.');
  return value;
}
