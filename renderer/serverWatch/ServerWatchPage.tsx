import { Tab, TabPanel, Tabs } from '@blueprintjs/core';
import { useUrlSearch } from '../kit/useUrlSearch.js';
import { useTranslation } from 'react-i18next';
import { useLiveWatch } from './live.js';
import { NoticesTab } from './NoticesTab.js';
import { WatchList } from './WatchList.js';
import './serverWatch.css';

type TabId = 'servers' | 'notices';

/**
 * /admin/serverwatch: the live status of the watched game servers, and the message notices as a
 * second tab. The tab and the open server are in the URL (?tab=notices, ?server=7), so an alert
 * in the bell or a native notification can lead straight to them.
 */
export function ServerWatchPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useUrlSearch();
  useLiveWatch();
  const tab: TabId = search.get('tab') === 'notices' ? 'notices' : 'servers';
  return (
    <div className="server-watch" data-testid="server-watch">
      <Tabs
        id="server-watch-tabs"
        selectedTabId={tab}
        animate={false}
        large
        onChange={(id) =>
          setSearch((prev) => {
            const next = new URLSearchParams(prev);
            if (id === 'notices') next.set('tab', 'notices');
            else next.delete('tab');
            next.delete('server');
            return next;
          })
        }
      >
        <Tab id="servers" title={t('serverWatch.tab.servers')} data-testid="watch-tab-servers" />
        <Tab id="notices" title={t('serverWatch.tab.notices')} data-testid="watch-tab-notices" />
      </Tabs>
      <TabPanel
        className="server-watch-panel"
        id={tab}
        parentId="server-watch-tabs"
        selectedTabId={tab}
        panel={tab === 'servers' ? <WatchList /> : <NoticesTab />}
      />
    </div>
  );
}
