import { useState, type ReactNode } from 'react';
import { Button, Callout, Classes, Drawer, DrawerSize, H5, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { FactsTable } from '../components/FactsTable.js';
import type { Incident, MaintenanceWindow, WatchedServer } from '../../shared/api/serverWatch.js';
import type { OutputOf } from '../../shared/api/table.js';
import { Codes } from '../../shared/codes.js';
import { GAMES } from '../../shared/games.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { QueryState } from '../components/QueryState.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { useNow } from '../components/hooks.js';
import { formatDateTime } from '../components/format.js';
import { ListTime } from '../components/ListTime.js';
import { formatMoney } from '../components/money.js';
import { useToasts } from '../components/Toaster.js';
import { callEndpoint, useEndpointMutation, useEndpointQuery } from '../kit/data.js';
import { MaintenanceForm } from './MaintenanceForm.js';
import { useRetained } from '../kit/gameName.js';
import { useLanguage } from '../i18n/i18n.js';
import { CheckCell, StateTag } from './cells.js';
import { testInputOf, draftOf } from './watchForm.js';
import { formatCount, formatDuration, formatRelative, formatResponse } from './watchFormat.js';

type Detail = OutputOf<'serverWatch.get'>;

/** One watched server: its state and figures, its incidents, its maintenance windows, its last checks. */
export function ServerDrawer({
  serverId,
  onClose,
  onEdit,
}: {
  serverId: number;
  onClose: () => void;
  onEdit: (s: WatchedServer) => void;
}) {
  const { t } = useTranslation();
  const detail = useEndpointQuery('serverWatch.get', { id: serverId });
  return (
    <Drawer
      isOpen
      onClose={onClose}
      size={DrawerSize.STANDARD}
      icon="pulse"
      title={detail.data?.server.name ?? t('serverWatch.detail.title', { id: serverId })}
    >
      <div className={Classes.DRAWER_BODY}>
        <div className={Classes.DIALOG_BODY} data-testid="watch-detail" data-server={serverId}>
          <QueryState
            query={detail}
            failedTitle={t('serverWatch.detail.loadFailed')}
            errorTestId="watch-detail-error"
          >
            {(d) => <DetailBody detail={d} onEdit={onEdit} />}
          </QueryState>
        </div>
      </div>
    </Drawer>
  );
}

function DetailBody({ detail, onEdit }: { detail: Detail; onEdit: (s: WatchedServer) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const now = useNow(5000);
  const s = detail.server;
  const [checking, setChecking] = useState(false);
  const [checked, setChecked] = useState<OutputOf<'serverWatch.test'> | null>(null);
  const [checkError, setCheckError] = useState<unknown>(null);

  const checkNow = async () => {
    setChecking(true);
    setChecked(null);
    setCheckError(null);
    try {
      setChecked(await callEndpoint('serverWatch.test', testInputOf(draftOf(s), s.timeoutMs)));
    } catch (err) {
      setCheckError(err);
    } finally {
      setChecking(false);
    }
  };

  const facts: [string, ReactNode][] = [
    [
      t('serverWatch.field.state'),
      <span key="state">
        <StateTag server={s} testId="watch-detail-state" />{' '}
        <span className={Classes.TEXT_MUTED}>
          {t('serverWatch.detail.since', { when: formatRelative(s.stateSince, now, lang) })}
        </span>
      </span>,
    ],
    [t('serverWatch.field.game'), GAMES[s.game].names[lang]],
    [t('serverWatch.field.check'), <CheckCell key="check" server={s} />],
    [
      t('serverWatch.detail.schedule'),
      t('serverWatch.detail.scheduleText', {
        interval: s.intervalSec,
        failures: s.failuresToDown,
        timeout: s.timeoutMs,
      }),
    ],
    [
      t('serverWatch.field.remindEveryMin'),
      s.remindEveryMin === null
        ? t('serverWatch.detail.noReminder')
        : t('serverWatch.detail.remind', { n: s.remindEveryMin }),
    ],
    [
      t('serverWatch.field.notify'),
      s.notify.kind === 'game'
        ? t('serverWatch.notify.game')
        : s.notify.operators.map((o) => o.name).join(', '),
    ],
    [
      t('serverWatch.detail.lastCheck'),
      s.lastCheckAt
        ? `${formatRelative(s.lastCheckAt, now, lang)} · ${
            s.lastError ? s.lastError : formatResponse(s.lastResponseMs, lang)
          }`
        : t('serverWatch.detail.notChecked'),
    ],
    [t('serverWatch.field.players'), formatCount(s.onlinePlayers, lang) || '—'],
    [t('serverWatch.field.income'), s.incomeToday === null ? '—' : formatMoney(s.incomeToday, 'CNY', lang)],
    [t('serverWatch.field.note'), s.note || '—'],
    [
      t('serverWatch.detail.updated'),
      t('serverWatch.detail.byAt', { who: s.updatedBy, at: formatDateTime(s.updatedAt, lang) }),
    ],
  ];

  return (
    <>
      <div className="watch-detail-actions">
        <Button
          icon="edit"
          text={t('serverWatch.list.edit')}
          onClick={() => onEdit(s)}
          data-testid="watch-detail-edit"
        />
        <Button
          icon="play"
          text={t('serverWatch.detail.checkNow')}
          loading={checking}
          onClick={() => void checkNow()}
          data-testid="watch-detail-check"
        />
        {s.muted && (
          <Tag icon="notifications-snooze" minimal data-testid="watch-detail-muted">
            {t('serverWatch.mute.mutedHint')}
          </Tag>
        )}
      </div>
      {checked && (
        <Callout
          compact
          intent={checked.ok ? Intent.SUCCESS : Intent.DANGER}
          data-testid="watch-detail-check-result"
          data-ok={checked.ok}
        >
          {checked.ok
            ? t('serverWatch.form.testOk', { ms: formatResponse(checked.responseMs, lang) })
            : t('serverWatch.form.testFailed', { error: checked.error ?? '' })}
        </Callout>
      )}
      {checkError !== null && (
        <ErrorCallout
          title={t('serverWatch.form.testCallFailed')}
          error={asResultError(checkError, Codes.NETWORK)}
        />
      )}
      <FactsTable facts={facts} className="watch-facts" />
      <Incidents incidents={detail.incidents} />
      <Maintenance server={s} windows={detail.maintenance} />
      <RecentChecks checks={detail.checks} />
    </>
  );
}

function Incidents({ incidents }: { incidents: Incident[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <section className="watch-section" data-testid="watch-incidents">
      <H5>{t('serverWatch.incident.title')}</H5>
      {incidents.length === 0 ? (
        <p className={Classes.TEXT_MUTED} data-testid="watch-incidents-empty">
          {t('serverWatch.incident.none')}
        </p>
      ) : (
        <HTMLTable compact striped>
          <thead>
            <tr>
              <th>{t('serverWatch.incident.downSince')}</th>
              <th>{t('serverWatch.incident.recoveredAt')}</th>
              <th>{t('serverWatch.incident.duration')}</th>
              <th>{t('serverWatch.incident.error')}</th>
            </tr>
          </thead>
          <tbody>
            {incidents.map((i) => (
              <tr key={i.id} data-testid={`watch-incident-${i.id}`} data-open={i.endedAt === null}>
                <td>
                  <ListTime at={i.downSince} />
                </td>
                <td>
                  {i.endedAt === null ? (
                    <Tag intent={Intent.DANGER}>{t('serverWatch.incident.ongoing')}</Tag>
                  ) : (
                    <>
                      <ListTime at={i.endedAt} />
                      {i.endedBy !== 'recovered' && i.endedBy !== null && (
                        <span className={Classes.TEXT_MUTED}>
                          {' '}
                          ({t(`serverWatch.incident.endedBy.${i.endedBy}`)})
                        </span>
                      )}
                    </>
                  )}
                </td>
                <td>{formatDuration(i.durationSec, lang)}</td>
                <td className="watch-error" title={i.lastError}>
                  {i.lastError}
                  {i.failedChecks > 0 && (
                    <span className={Classes.TEXT_MUTED}>
                      {' '}
                      {t('serverWatch.incident.failedChecks', { n: i.failedChecks })}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}

/** A server's maintenance windows, the one under way marked, each not yet over removable. */
function WindowsTable({
  windows,
  now,
  onDelete,
}: {
  windows: MaintenanceWindow[];
  now: number;
  onDelete: (w: MaintenanceWindow) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <HTMLTable compact striped>
      <thead>
        <tr>
          <th>{t('serverWatch.maintenance.startsAt')}</th>
          <th>{t('serverWatch.maintenance.endsAt')}</th>
          <th>{t('serverWatch.field.note')}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {windows.map((w) => {
          const current = Date.parse(w.startsAt) <= now && Date.parse(w.endsAt) > now;
          const past = Date.parse(w.endsAt) <= now;
          return (
            <tr key={w.id} data-testid={`watch-window-${w.id}`}>
              <td>
                {formatDateTime(w.startsAt, lang)}{' '}
                {current && <Tag intent={Intent.PRIMARY}>{t('serverWatch.maintenance.now')}</Tag>}
              </td>
              <td>{formatDateTime(w.endsAt, lang)}</td>
              <td>
                {w.note}
                <div className={Classes.TEXT_MUTED}>{w.createdBy}</div>
              </td>
              <td>
                {!past && (
                  <Button
                    size="small"
                    variant="minimal"
                    icon="trash"
                    intent={Intent.DANGER}
                    aria-label={t('serverWatch.maintenance.delete')}
                    title={t('serverWatch.maintenance.delete')}
                    onClick={() => onDelete(w)}
                    data-testid={`watch-window-delete-${w.id}`}
                  />
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}

function Maintenance({ server, windows }: { server: WatchedServer; windows: MaintenanceWindow[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const now = Date.now();
  const [deleting, setDeleting] = useState<MaintenanceWindow | null>(null);
  const shownDeleting = useRetained(deleting);
  const remove = useEndpointMutation('serverWatch.deleteMaintenance');

  return (
    <section className="watch-section" data-testid="watch-maintenance">
      <H5>{t('serverWatch.maintenance.title')}</H5>
      <p className={Classes.TEXT_MUTED}>{t('serverWatch.maintenance.intro')}</p>
      {windows.length === 0 ? (
        <p className={Classes.TEXT_MUTED} data-testid="watch-maintenance-empty">
          {t('serverWatch.maintenance.none')}
        </p>
      ) : (
        <WindowsTable windows={windows} now={now} onDelete={setDeleting} />
      )}
      <MaintenanceForm server={server} />
      <ReasonConfirmDialog
        isOpen={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('serverWatch.maintenance.deleteTitle', { name: server.name })}
        warning={t('serverWatch.maintenance.deleteWarning', {
          from: formatDateTime(shownDeleting?.startsAt ?? null, lang),
          to: formatDateTime(shownDeleting?.endsAt ?? null, lang),
        })}
        confirmText={t('serverWatch.maintenance.delete')}
        failedTitle={t('serverWatch.maintenance.deleteFailed')}
        icon="trash"
        intent={Intent.DANGER}
        onConfirm={async (reason) => {
          if (!deleting) return;
          await remove.mutateAsync({ id: server.id, windowId: deleting.id, reason });
          toasts.success(t('serverWatch.maintenance.deleted', { name: server.name }));
        }}
        testId="watch-window-delete-dialog"
      />
    </section>
  );
}

function RecentChecks({ checks }: { checks: Detail['checks'] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const shown = checks.slice(0, 10);
  return (
    <section className="watch-section" data-testid="watch-checks">
      <H5>{t('serverWatch.checks.title')}</H5>
      {shown.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{t('serverWatch.detail.notChecked')}</p>
      ) : (
        <HTMLTable compact striped>
          <tbody>
            {shown.map((c) => (
              <tr key={c.at}>
                <td>{formatDateTime(c.at, lang)}</td>
                <td>
                  <Tag minimal intent={c.ok ? Intent.SUCCESS : Intent.DANGER}>
                    {c.ok ? t('serverWatch.checks.ok') : t('serverWatch.checks.failed')}
                  </Tag>
                </td>
                <td>
                  {c.ok ? formatResponse(c.responseMs, lang) : <span className="watch-error">{c.error}</span>}
                </td>
                <td className="num">{formatCount(c.onlinePlayers, lang)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}
