import { Link, useNavigate, useParams } from 'react-router-dom';
import { Classes, Tab, TabPanel, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { PAY_TABS, type PayTab } from '../../shared/api/orders.js';
import { type GameId } from '../../shared/games.js';
import { gamePagePath } from '../../shared/game-pages.js';
import { OrderDetailView } from './OrderDetail.js';
import { OrderList } from './OrderList.js';
import { payTabOf } from './lists.js';
import { tabPath } from './paths.js';
import { useMe } from './session.js';
import './orders.css';

/** recharge/retrive: every order of the game, searched and filtered. */
export function OrderSearchPage({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <div className="orders-page" data-testid="orders-page">
      {me.isAdmin && (
        <div className="toolbar">
          <span className="toolbar-spacer" />
          <Link
            to={gamePagePath(game, 'orderCreate')}
            className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}
            data-testid="orders-create-link"
          >
            {t('orders.list.create')}
          </Link>
        </div>
      )}
      <OrderList game={game} tab={null} />
    </div>
  );
}

/**
 * atomicwar's pay and pay/{tab}, lw's shop and shop/{tab}: the game's orders in tabs (recent,
 * unhandled, awaiting approval, refunds), each the order list with its fixed filter; the tab is
 * in the path, so a tab is a link of its own.
 */
export function PayTabsPage({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const tab = payTabOf(params['tab']);
  return (
    <div className="orders-page" data-testid="pay-page" data-tab={tab}>
      <Tabs
        id="pay-tabs"
        selectedTabId={tab}
        onChange={(next) => {
          const to = tabPath(game, next as PayTab);
          if (to) void navigate(to);
        }}
        large={false}
      >
        {PAY_TABS.map((id) => (
          <Tab key={id} id={id} title={t(`orders.tabs.${id}`)} data-testid={`pay-tab-${id}`} />
        ))}
      </Tabs>
      {/* Keyed by tab: each tab is its own list (selection and drawer start afresh). */}
      <TabPanel
        id={tab}
        parentId="pay-tabs"
        selectedTabId={tab}
        panel={<OrderList key={tab} game={game} tab={tab} testId="orders" />}
      />
    </div>
  );
}

/** lw's order/{id}/detail: one order on a page of its own. */
export function OrderDetailPage({ game }: { game: GameId }) {
  const { id = '' } = useParams();
  return <OrderDetailView game={game} orderId={id.toUpperCase()} />;
}
