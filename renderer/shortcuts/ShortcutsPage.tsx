import { useState, type KeyboardEvent } from 'react';
import { Button, Callout, Classes, H4, HTMLTable, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { HTMLSelect } from '../components/HTMLSelect.js';
import { useTranslation } from 'react-i18next';
import { APP_COMMANDS, DEFAULT_SHORTCUTS, type AppCommand } from '../../shared/commands.js';
import { PINNED_MAX, type ShortcutPrefs } from '../../shared/api/shortcuts.js';
import { ROUTES_BY_ID } from '../../shared/routes.js';
import { Codes } from '../../shared/codes.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { formatDateTime } from '../components/format.js';
import { QueryState } from '../components/QueryState.js';
import { useToasts } from '../components/Toaster.js';
import { isReady } from '../features.js';
import { useLanguage } from '../i18n/i18n.js';
import { useEndpointMutation } from '../kit/data.js';
import {
  addPinned,
  draftIssues,
  draftOf,
  isCustom,
  isDirty,
  movePinned,
  saveInputOf,
  type Draft,
  type DraftIssue,
} from './drafts.js';
import { comboFromEvent, comboLabel } from './keys.js';
import { openPages, pinnedRoutes } from './palette.js';
import { useIsMac, useRoles, useRouteTitle, useShortcutPrefs } from './prefs.js';
import './shortcuts.css';

/**
 * The operator's own shortcuts (/admin/shortcut): every app command with its keys, recorded by
 * pressing them, cleared or set back to the default; and the pages pinned to the top bar, in
 * order. The page checks the draft as the server will (same rules, shared) and saves it whole.
 */
export function ShortcutsPage() {
  const { t } = useTranslation();
  const { query } = useShortcutPrefs();
  return (
    <div className="shortcuts-page" data-testid="shortcuts-page">
      <p className={Classes.TEXT_MUTED}>{t('shortcuts.page.intro')}</p>
      <QueryState
        query={query}
        failedTitle={t('shortcuts.page.loadFailed')}
        errorTestId="shortcuts-load-error"
      >
        {(prefs) => <Editor key={prefs.updatedAt ?? 'defaults'} prefs={prefs} />}
      </QueryState>
    </div>
  );
}

function Editor({ prefs }: { prefs: ShortcutPrefs }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const roles = useRoles();
  const title = useRouteTitle();
  const mac = useIsMac();
  const [draft, setDraft] = useState<Draft>(() => draftOf(prefs.shortcuts));
  const [pinned, setPinned] = useState<string[]>(() =>
    pinnedRoutes(prefs.pinned, roles, isReady).map((r) => r.id),
  );
  const [recording, setRecording] = useState<AppCommand | null>(null);
  const [choice, setChoice] = useState('');
  const save = useEndpointMutation('shortcuts.save');

  const issues = draftIssues(draft);
  const dirty = isDirty(draft, pinned, prefs.shortcuts, prefs.pinned);
  const set = (command: AppCommand, combo: string | null) => setDraft((d) => ({ ...d, [command]: combo }));
  const candidates = openPages(roles, isReady).filter((r) => !pinned.includes(r.id));

  const onRecordKey = (command: AppCommand, e: KeyboardEvent<HTMLInputElement>) => {
    // The keys are the value: neither the page nor the global hotkeys may act on them.
    e.preventDefault();
    e.stopPropagation();
    const plain = !e.ctrlKey && !e.metaKey && !e.altKey && !e.shiftKey;
    if (e.key === 'Escape' && plain) {
      setRecording(null);
      return;
    }
    const combo = comboFromEvent(e.nativeEvent, mac);
    if (combo === null) return;
    set(command, combo);
    setRecording(null);
  };

  const submit = () => {
    save.mutate(saveInputOf(draft, pinned), { onSuccess: () => toasts.success(t('shortcuts.page.saved')) });
  };

  const issueText = (issue: DraftIssue) =>
    issue.kind === 'invalid'
      ? t('shortcuts.page.invalid', {
          combo: issue.combo,
          reason: lang === 'zh-CN' ? issue.refusal.zh : issue.refusal.en,
        })
      : t('shortcuts.page.conflict', { other: t(`shortcuts.command.${issue.other}`) });

  return (
    <>
      <section>
        <H4>{t('shortcuts.page.shortcutsTitle')}</H4>
        <p className={Classes.TEXT_MUTED}>{t('shortcuts.page.helpDialog')}</p>
        <HTMLTable className="shortcuts-table" compact data-testid="shortcuts-table">
          <thead>
            <tr>
              <th>{t('shortcuts.page.field.command')}</th>
              <th>{t('shortcuts.page.field.combo')}</th>
              <th>{t('shortcuts.page.field.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {APP_COMMANDS.map((command) => {
              const combo = draft[command];
              const mine = issues.filter((i) => i.command === command);
              const fallback = DEFAULT_SHORTCUTS[command];
              return (
                <tr key={command} data-testid={`shortcut-row-${command}`}>
                  <td>
                    <div>{t(`shortcuts.command.${command}`)}</div>
                    <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
                      {t(`shortcuts.commandHelp.${command}`)}
                    </div>
                  </td>
                  <td>
                    <div className="shortcuts-combo">
                      {recording === command ? (
                        <InputGroup
                          className="shortcuts-recorder"
                          autoFocus
                          readOnly
                          placeholder={t('shortcuts.page.recording')}
                          aria-label={t('shortcuts.page.recordingAria', {
                            command: t(`shortcuts.command.${command}`),
                          })}
                          onKeyDown={(e) => onRecordKey(command, e)}
                          onBlur={() => setRecording(null)}
                          data-testid={`shortcut-recorder-${command}`}
                        />
                      ) : (
                        <Tag
                          minimal
                          size="large"
                          intent={mine.length > 0 ? Intent.DANGER : Intent.NONE}
                          data-testid={`shortcut-combo-${command}`}
                          data-combo={combo ?? ''}
                        >
                          {combo ? comboLabel(combo, mac) : t('shortcuts.page.none')}
                        </Tag>
                      )}
                      {isCustom(command, combo) && (
                        <Tag minimal intent={Intent.PRIMARY} data-testid={`shortcut-custom-${command}`}>
                          {t('shortcuts.page.custom')}
                        </Tag>
                      )}
                    </div>
                    <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
                      {fallback
                        ? t('shortcuts.page.defaultIs', { combo: comboLabel(fallback, mac) })
                        : t('shortcuts.page.defaultNone')}
                    </div>
                    {mine.map((issue) => (
                      <div
                        key={`${issue.kind}-${issue.kind === 'conflict' ? issue.other : ''}`}
                        className="shortcuts-issue"
                        data-testid={`shortcut-issue-${command}`}
                      >
                        {issueText(issue)}
                      </div>
                    ))}
                  </td>
                  <td>
                    <div className="shortcuts-actions">
                      <Button
                        size="small"
                        icon="record"
                        text={t('shortcuts.page.record')}
                        onClick={() => setRecording(command)}
                        data-testid={`shortcut-record-${command}`}
                      />
                      <Button
                        size="small"
                        variant="minimal"
                        icon="disable"
                        text={t('shortcuts.page.clear')}
                        disabled={combo === null}
                        onClick={() => set(command, null)}
                        data-testid={`shortcut-clear-${command}`}
                      />
                      <Button
                        size="small"
                        variant="minimal"
                        icon="reset"
                        text={t('shortcuts.page.reset')}
                        disabled={!isCustom(command, combo)}
                        onClick={() => set(command, fallback)}
                        data-testid={`shortcut-reset-${command}`}
                      />
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      </section>

      <section>
        <H4>{t('shortcuts.page.pinnedTitle')}</H4>
        <p className={Classes.TEXT_MUTED}>{t('shortcuts.page.pinnedIntro', { max: PINNED_MAX })}</p>
        {pinned.length === 0 ? (
          <p className={Classes.TEXT_MUTED} data-testid="pinned-empty">
            {t('shortcuts.page.pinnedEmpty')}
          </p>
        ) : (
          <ol className="pinned-list" data-testid="pinned-list">
            {pinned.map((id, i) => {
              const route = ROUTES_BY_ID.get(id);
              return (
                <li key={id} data-testid={`pinned-item-${id}`}>
                  <span className="pinned-title">{route ? title(route) : id}</span>
                  <Button
                    size="small"
                    variant="minimal"
                    icon="arrow-up"
                    aria-label={t('shortcuts.page.moveUp')}
                    title={t('shortcuts.page.moveUp')}
                    disabled={i === 0}
                    onClick={() => setPinned((p) => movePinned(p, i, -1))}
                    data-testid={`pinned-up-${id}`}
                  />
                  <Button
                    size="small"
                    variant="minimal"
                    icon="arrow-down"
                    aria-label={t('shortcuts.page.moveDown')}
                    title={t('shortcuts.page.moveDown')}
                    disabled={i === pinned.length - 1}
                    onClick={() => setPinned((p) => movePinned(p, i, 1))}
                    data-testid={`pinned-down-${id}`}
                  />
                  <Button
                    size="small"
                    variant="minimal"
                    icon="cross"
                    text={t('shortcuts.page.unpin')}
                    onClick={() => setPinned((p) => p.filter((x) => x !== id))}
                    data-testid={`pinned-remove-${id}`}
                  />
                </li>
              );
            })}
          </ol>
        )}
        <div className="pinned-add">
          <HTMLSelect
            value={choice}
            onChange={(e) => setChoice(e.currentTarget.value)}
            disabled={pinned.length >= PINNED_MAX}
            data-testid="pinned-choose"
            aria-label={t('shortcuts.page.pinChoose')}
          >
            <option value="">{t('shortcuts.page.pinChoose')}</option>
            {candidates.map((r) => (
              <option key={r.id} value={r.id}>
                {title(r)}
              </option>
            ))}
          </HTMLSelect>
          <Button
            icon="pin"
            text={t('shortcuts.page.pinAdd')}
            disabled={choice === '' || pinned.length >= PINNED_MAX}
            onClick={() => {
              setPinned((p) => addPinned(p, choice));
              setChoice('');
            }}
            data-testid="pinned-add"
          />
          {pinned.length >= PINNED_MAX && (
            <span className={Classes.TEXT_MUTED}>{t('shortcuts.page.pinFull', { max: PINNED_MAX })}</span>
          )}
        </div>
      </section>

      {save.error && (
        <ErrorCallout
          title={t('shortcuts.page.saveFailed')}
          error={asResultError(save.error, Codes.NETWORK)}
          testId="shortcuts-save-error"
        />
      )}
      {issues.length > 0 && (
        <Callout intent={Intent.WARNING} data-testid="shortcuts-fix-first">
          {t('shortcuts.page.fixFirst')}
        </Callout>
      )}
      <div className="shortcuts-footer">
        <Button
          intent={Intent.PRIMARY}
          icon="floppy-disk"
          text={t('shortcuts.page.save')}
          loading={save.isPending}
          disabled={!dirty || issues.length > 0}
          onClick={submit}
          data-testid="shortcuts-save"
        />
        <Button
          variant="minimal"
          text={t('shortcuts.page.discard')}
          disabled={!dirty || save.isPending}
          onClick={() => {
            setDraft(draftOf(prefs.shortcuts));
            setPinned(pinnedRoutes(prefs.pinned, roles, isReady).map((r) => r.id));
            save.reset();
          }}
          data-testid="shortcuts-discard"
        />
        {dirty ? (
          <span className={Classes.TEXT_MUTED} data-testid="shortcuts-unsaved">
            {t('shortcuts.page.unsaved')}
          </span>
        ) : (
          prefs.updatedAt && (
            <span className={Classes.TEXT_MUTED}>
              {t('shortcuts.page.lastSaved', { time: formatDateTime(prefs.updatedAt, lang) })}
            </span>
          )
        )}
      </div>
    </>
  );
}
