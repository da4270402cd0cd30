import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Classes, Icon, Intent, MenuItem, PopoverNext, Tag, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AlertsState, WatchAlert } from '../../shared/api/serverWatch.js';
import { GAMES } from '../../shared/games.js';
import { SUPER_ONLY, canAccess } from '../../shared/roles.js';
import { bridge } from '../bridge/bridge.js';
import { useNow } from '../components/hooks.js';
import { formatDateTime } from '../components/format.js';
import { formatMoney } from '../components/money.js';
import { useLanguage } from '../i18n/i18n.js';
import { useSession } from '../session/SessionContext.js';
import { alertPath, formatDuration, formatRelative, mergeAlerts } from '../serverWatch/watchFormat.js';
import './alerts.css';

type Listed = AlertsState['alerts'][number];

const LOOK: Record<WatchAlert['kind'], { icon: IconName; intent: Intent }> = {
  down: { icon: 'error', intent: Intent.DANGER },
  reminder: { icon: 'time', intent: Intent.WARNING },
  recovered: { icon: 'tick-circle', intent: Intent.SUCCESS },
  notice: { icon: 'chart', intent: Intent.PRIMARY },
  delivery: { icon: 'shopping-cart', intent: Intent.DANGER },
};

/** The alerts main holds (alerts:list when mounted, then each alerts:new), the servers down now. */
function useAlerts() {
  const [alerts, setAlerts] = useState<Listed[]>([]);
  const [down, setDown] = useState(0);
  const [watching, setWatching] = useState(false);
  useEffect(() => {
    let live = true;
    const load = () =>
      bridge()
        .alerts.list()
        .then((s) => {
          if (!live) return;
          setAlerts(s.alerts);
          setDown(s.down);
          setWatching(s.watching);
        })
        .catch(() => undefined);
    void load();
    const offNew = bridge().on('alerts:new', (u) => {
      // Shown at once; main's list then settles it (a sign-out empties it there).
      setAlerts((prev) => mergeAlerts(prev, u.alerts));
      setDown(u.down);
      void load();
    });
    return () => {
      live = false;
      offNew();
    };
  }, []);
  return { alerts, down, watching };
}

/** An alert's title and line of detail, in the operator's language. */
function useAlertText(): (a: Listed) => { title: string; body: string } {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (a) => {
    const game = GAMES[a.game].names[lang];
    const duration = formatDuration(a.durationSec ?? 0, lang);
    if (a.kind === 'notice' && a.notice) {
      const money = a.notice.kind === 'incomeBelow';
      const v = (n: number) => (money ? formatMoney(n, 'CNY', lang) : String(n));
      return {
        title: t(`serverWatch.bell.notice.${a.notice.kind}`, { game, threshold: v(a.notice.threshold) }),
        body: t('serverWatch.bell.noticeValue', { value: v(a.notice.value) }),
      };
    }
    if (a.kind === 'delivery' && a.delivery)
      return {
        title: t('serverWatch.bell.delivery', { order: a.delivery.orderId }),
        body: [
          game,
          t('serverWatch.bell.deliveryAttempts', { count: a.delivery.attempts }),
          a.delivery.error[lang],
        ].join(' · '),
      };
    return {
      title: t(`serverWatch.bell.${a.kind}`, { name: a.serverName }),
      body:
        a.kind === 'down'
          ? [game, a.error].filter(Boolean).join(' · ')
          : `${game} · ${t(`serverWatch.bell.${a.kind}For`, { duration })}`,
    };
  };
}

/** The bell's list: the servers down now, then each alert, newest first, marked new or muted. */
function AlertsList({
  alerts,
  down,
  isNew,
  mayOpen,
  onOpen,
  since,
}: {
  alerts: readonly Listed[];
  down: number;
  isNew: (a: Listed) => boolean;
  mayOpen: boolean;
  onOpen: (a: Listed) => void;
  /** The time alerts are told relative to. */
  since: number;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const text = useAlertText();
  return (
    <div className="alerts-list" data-testid="alerts-list">
      <div className="alerts-head">
        <b>{t('serverWatch.bell.title')}</b>
        <span className={Classes.TEXT_MUTED} data-testid="alerts-down">
          {down > 0 ? t('serverWatch.bell.downNow', { count: down }) : t('serverWatch.bell.allUp')}
        </span>
      </div>
      {alerts.length === 0 ? (
        <p className={`${Classes.TEXT_MUTED} alerts-empty`}>{t('serverWatch.bell.none')}</p>
      ) : (
        <ul className={`${Classes.MENU} alerts-menu`}>
          {alerts.map((a) => {
            const { title, body } = text(a);
            return (
              <MenuItem
                key={a.seq}
                icon={<Icon icon={LOOK[a.kind].icon} intent={LOOK[a.kind].intent} />}
                multiline
                disabled={!mayOpen}
                onClick={() => onOpen(a)}
                data-testid={`alert-${a.seq}`}
                data-kind={a.kind}
                data-server={a.serverId ?? ''}
                data-new={isNew(a)}
                data-muted={a.muted}
                text={
                  <div className="alert-item">
                    <div className="alert-title">
                      {title}
                      {isNew(a) && (
                        <Tag minimal intent={Intent.PRIMARY} className="alert-new">
                          {t('serverWatch.bell.new')}
                        </Tag>
                      )}
                      {a.muted && (
                        <Tag minimal className="alert-new">
                          {t('serverWatch.bell.muted')}
                        </Tag>
                      )}
                    </div>
                    <div className={Classes.TEXT_MUTED}>{body}</div>
                    <div
                      className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}
                      title={formatDateTime(a.at, lang)}
                    >
                      {formatRelative(a.at, since, lang)}
                    </div>
                  </div>
                }
              />
            );
          })}
        </ul>
      )}
    </div>
  );
}

/**
 * Server watch's bell in the top bar: the recent alerts main received (alerts:list when it
 * mounts, then each 'alerts:new', the same event channel in the desktop app and the browser
 * host), the count of servers down now as its badge, and the live alerts not seen yet (and not muted) marked as
 * new. Clicking an alert, or a native notification (alerts:open), opens that server on the status
 * page. Operators whose roles receive no alerts see no bell.
 */
export function AlertsBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state: session } = useSession();
  const now = useNow(30_000);
  const { alerts, down, watching } = useAlerts();
  /** The newest live alert seen when the list was last opened. */
  const [seenSeq, setSeenSeq] = useState(0);
  /** When the list was opened: alerts newer than the last tick of `now` still read "now". */
  const [openedAt, setOpenedAt] = useState(0);
  const mayOpen = canAccess(session?.user.role ?? [], SUPER_ONLY);

  const open = useCallback(
    (alert: Pick<WatchAlert, 'serverId' | 'kind' | 'game' | 'delivery'>) => {
      if (mayOpen) void navigate(alertPath(alert));
    },
    [mayOpen, navigate],
  );

  useEffect(() => bridge().on('alerts:open', ({ alert }) => open(alert)), [open]);

  if (!watching && alerts.length === 0) return null;
  // A muted alert is listed, marked muted, but never news: the operator asked not to be told.
  const isNew = (a: Listed) => a.live && !a.muted && a.seq > seenSeq;
  const unread = alerts.filter(isNew);
  // The button's name says what its badge counts: servers down, else alerts not seen yet.
  const label =
    down > 0
      ? t('serverWatch.bell.buttonDown', { count: down })
      : unread.length > 0
        ? t('serverWatch.bell.buttonUnread', { count: unread.length })
        : t('serverWatch.bell.button');

  return (
    <PopoverNext
      content={
        <AlertsList
          alerts={alerts}
          down={down}
          isNew={isNew}
          mayOpen={mayOpen}
          onOpen={open}
          since={Math.max(now, openedAt)}
        />
      }
      placement="bottom-end"
      onOpening={() => setOpenedAt(Date.now())}
      onClosed={() => setSeenSeq(alerts.reduce((m, a) => Math.max(m, a.seq), 0))}
    >
      <Button
        variant="minimal"
        icon="pulse"
        intent={down > 0 ? Intent.DANGER : Intent.NONE}
        aria-label={label}
        title={label}
        data-testid="alerts-button"
        data-unread={unread.length}
        endIcon={
          down > 0 ? (
            <Tag round intent={Intent.DANGER} data-testid="alerts-count" aria-hidden>
              {down}
            </Tag>
          ) : unread.length > 0 ? (
            <Tag round minimal intent={Intent.PRIMARY} data-testid="alerts-unread" aria-hidden>
              {unread.length}
            </Tag>
          ) : undefined
        }
      />
    </PopoverNext>
  );
}
