import { Button, Callout, Classes, Intent, PopoverNext, Tag, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNow } from '../components/hooks.js';
import { useLanguage } from '../i18n/i18n.js';
import { useSession } from '../session/SessionContext.js';
import { deriveNotices, type Notice } from '../session/notices.js';
import { formatDateTime } from '../components/format.js';

const NOTICE_LOOK: Record<Notice['kind'], { icon: IconName; intent: Intent }> = {
  memoryTokens: { icon: 'key', intent: Intent.WARNING },
  sessionEnding: { icon: 'time', intent: Intent.WARNING },
  sessionEnded: { icon: 'log-out', intent: Intent.DANGER },
  backendError: { icon: 'error', intent: Intent.DANGER },
};

function NoticeText({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  switch (notice.kind) {
    case 'memoryTokens':
      return <>{t('notice.memoryTokens')}</>;
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

/** The bell in the top bar: what main told us during this session. */
export function Notifications() {
  const { t } = useTranslation();
  const { state, ended, appInfo } = useSession();
  const now = useNow(30_000);
  const notices = deriveNotices({
    session: state,
    ended,
    backendError: appInfo?.backend.error ?? null,
    nowMs: now,
  });

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
          >
            <NoticeText notice={n} />
          </Callout>
        ))
      )}
    </div>
  );

  return (
    <PopoverNext content={content} placement="bottom-end">
      <Button
        variant="minimal"
        icon="notifications"
        aria-label={t('notice.button')}
        title={t('notice.button')}
        data-testid="notifications-button"
        endIcon={
          notices.length > 0 ? (
            <Tag round intent={Intent.WARNING} data-testid="notifications-count">
              {notices.length}
            </Tag>
          ) : undefined
        }
      />
    </PopoverNext>
  );
}
