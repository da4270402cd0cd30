import { useCallback, useMemo, useState } from 'react';
import { Button, Callout, Classes, Intent, PopoverNext, Tag, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNow } from '../components/hooks.js';
import { useLanguage } from '../i18n/i18n.js';
import { useSession } from '../session/SessionContext.js';
import { deriveNotices, markRead, parseReadNotices, unreadNotices, type Notice } from '../session/notices.js';
import { formatDateTime } from '../components/format.js';

const NOTICE_LOOK: Record<Notice['kind'], { icon: IconName; intent: Intent }> = {
  tokenStorage: { icon: 'key', intent: Intent.WARNING },
  sessionEnding: { icon: 'time', intent: Intent.WARNING },
  sessionEnded: { icon: 'log-out', intent: Intent.DANGER },
  backendError: { icon: 'error', intent: Intent.DANGER },
};

/** Where read notice ids are kept, so a notice read once stays read after a restart. */
const READ_KEY = 'gameops.notices.read';

function loadRead(): string[] {
  try {
    return parseReadNotices(window.localStorage.getItem(READ_KEY));
  } catch {
    return [];
  }
}

/** The ids the operator has seen; kept in this window's storage when it has one, else until it closes. */
function useReadNotices(): [ReadonlySet<string>, (seen: readonly Notice[]) => void] {
  const [read, setRead] = useState<string[]>(loadRead);
  const see = useCallback((seen: readonly Notice[]) => {
    setRead((prev) => {
      const next = markRead(prev, seen);
      if (next.length === prev.length && next.every((id, i) => id === prev[i])) return prev;
      try {
        window.localStorage.setItem(READ_KEY, JSON.stringify(next));
      } catch {
        // No storage (a locked-down profile): the notices stay read for this window only.
      }
      return next;
    });
  }, []);
  const set = useMemo(() => new Set(read), [read]);
  return [set, see];
}

export function NoticeText({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  switch (notice.kind) {
    case 'tokenStorage':
      // Main's reason says where and why in the operator's language; without one, where alone.
      return <>{notice.reason ?? t(`notice.tokenStorage.${notice.storage}`)}</>;
    case 'sessionEnding':
      return <>{t('notice.sessionEnding', { time: formatDateTime(notice.endsAtMs, lang) })}</>;
    case 'sessionEnded':
      return (
        <>
          {t(`notice.sessionEnded.${notice.reason}`, { time: formatDateTime(notice.atMs, lang) })}
          {notice.message && <div className={Classes.TEXT_MUTED}>{notice.message}</div>}
        </>
      );
    case 'backendError':
      return <>{t('notice.backendError', { error: notice.error })}</>;
  }
}

/**
 * The bell in the top bar: what main told us. It counts the notices not read yet; opening it
 * shows them all, the new ones marked, and counts them as read.
 */
export function Notifications() {
  const { t } = useTranslation();
  const { state, ended, appInfo } = useSession();
  const now = useNow(30_000);
  const [read, see] = useReadNotices();
  const notices = deriveNotices({
    session: state,
    ended,
    backendError: appInfo?.backend.error ?? null,
    nowMs: now,
  });
  const unread = unreadNotices(notices, read);
  // What was new when the list opened stays marked as new while it is open.
  const [newWhileOpen, setNewWhileOpen] = useState<ReadonlySet<string>>(new Set());

  const content = (
    <div className="notifications" data-testid="notifications-list">
      {notices.length === 0 ? (
        <p className={`${Classes.TEXT_MUTED} notifications-empty`}>{t('notice.none')}</p>
      ) : (
        notices.map((n) => (
          <Callout
            key={n.id}
            compact
            icon={NOTICE_LOOK[n.kind].icon}
            intent={NOTICE_LOOK[n.kind].intent}
            data-testid={`notice-${n.kind}`}
            data-unread={newWhileOpen.has(n.id)}
          >
            {newWhileOpen.has(n.id) && (
              <Tag minimal intent={Intent.PRIMARY} className="notice-new">
                {t('notice.new')}
              </Tag>
            )}
            <NoticeText notice={n} />
          </Callout>
        ))
      )}
    </div>
  );

  const label = unread.length > 0 ? t('notice.buttonUnread', { count: unread.length }) : t('notice.button');
  return (
    <PopoverNext
      content={content}
      placement="bottom-end"
      onOpening={() => setNewWhileOpen(new Set(unread.map((n) => n.id)))}
      onOpened={() => see(notices)}
    >
      <Button
        variant="minimal"
        icon="notifications"
        aria-label={label}
        title={label}
        data-testid="notifications-button"
        endIcon={
          unread.length > 0 ? (
            // The count is in the button's name; read once, not again as a bare number.
            <Tag round intent={Intent.WARNING} data-testid="notifications-count" aria-hidden>
              {unread.length}
            </Tag>
          ) : undefined
        }
      />
    </PopoverNext>
  );
}
