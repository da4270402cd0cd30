import { useEffect, type ReactNode } from 'react';
import type { TabSource } from '../../shared/api/players.js';

/**
 * The box of one tab's content. It carries what the end-to-end tests read: which tab, how many
 * rows are shown and where they came from, each once known.
 */
export function TabPanelBox({
  tab,
  rowCount,
  source,
  children,
}: {
  tab: string;
  rowCount?: number | undefined;
  source?: TabSource | undefined;
  children: ReactNode;
}) {
  return (
    <div
      className="tab-panel"
      data-testid="tab-panel"
      data-tab={tab}
      data-row-count={rowCount}
      data-source={source}
    >
      {children}
    </div>
  );
}

/**
 * Calls `onFailed` when the tab's read has failed (its failure is then what the tab shows), so
 * the page can go on with what waited for the tab's content.
 */
export function useOnFailure(query: { isError: boolean }, onFailed: () => void): void {
  const failed = query.isError;
  useEffect(() => {
    if (failed) onFailed();
  }, [failed, onFailed]);
}
