import { Tab, Tabs } from '@blueprintjs/core';
import { useUrlSearch } from '../kit/useUrlSearch.js';
import { useTranslation } from 'react-i18next';
import { pickOne } from '../kit/listParams.js';
import { AuditTrail } from './AuditTrail.js';
import { EventsLog } from './EventsLog.js';
import { TAB_PARAM, TABS, type Tab as LogTab } from './filters.js';
import './systemLogs.css';

/**
 * The system logs (SUPER): the audit trail and the backend's own events, each on its tab, which
 * lives in the URL with the filters. Two tabs rather than one merged stream: the two hold
 * different things (an operator's call with before and after, an event with its detail) and are
 * filtered by different fields.
 */
export function SystemLogsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useUrlSearch();
  const tab: LogTab = pickOne(search.get(TAB_PARAM), TABS) ?? 'audit';
  return (
    <Tabs
      id="system-logs-tabs"
      selectedTabId={tab}
      onChange={(next) =>
        // Each tab keeps its own filters in the URL; switching keeps both.
        setSearch((prev) => {
          const out = new URLSearchParams(prev);
          if (next === 'audit') out.delete(TAB_PARAM);
          else out.set(TAB_PARAM, String(next));
          return out;
        })
      }
      renderActiveTabPanelOnly
      large
    >
      <Tab
        id="audit"
        title={t('systemLogs.tabs.audit')}
        panel={<AuditTrail />}
        data-testid="logs-tab-audit"
      />
      <Tab
        id="events"
        title={t('systemLogs.tabs.events')}
        panel={<EventsLog />}
        data-testid="logs-tab-events"
      />
    </Tabs>
  );
}
