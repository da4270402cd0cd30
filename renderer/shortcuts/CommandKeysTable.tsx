import type { KeyboardEvent } from 'react';
import { Button, Classes, H4, HTMLTable, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { APP_COMMANDS, DEFAULT_SHORTCUTS, type AppCommand } from '../../shared/commands.js';
import { useLanguage } from '../i18n/i18n.js';
import { isCustom, type Draft, type DraftIssue } from './drafts.js';
import { comboFromEvent, comboLabel } from './keys.js';

/** What the keys table does with the operator's draft: record, set, clear or reset a combo. */
export interface KeysTableProps {
  draft: Draft;
  issues: readonly DraftIssue[];
  /** The command whose keys are being recorded, if any. */
  recording: AppCommand | null;
  onRecording: (command: AppCommand | null) => void;
  onSet: (command: AppCommand, combo: string | null) => void;
  mac: boolean;
}

/** Every app command with its keys (shortcuts page): recorded by pressing them, cleared, or set back. */
export function CommandKeysTable(props: KeysTableProps) {
  const { t } = useTranslation();
  return (
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
          {APP_COMMANDS.map((command) => (
            <CommandKeysRow
              key={command}
              {...props}
              command={command}
              issues={props.issues.filter((i) => i.command === command)}
            />
          ))}
        </tbody>
      </HTMLTable>
    </section>
  );
}

/** A draft's problem with one command's keys, in the operator's language. */
function useIssueText(): (issue: DraftIssue) => string {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (issue) =>
    issue.kind === 'invalid'
      ? t('shortcuts.page.invalid', {
          combo: issue.combo,
          reason: lang === 'zh-CN' ? issue.refusal.zh : issue.refusal.en,
        })
      : t('shortcuts.page.conflict', { other: t(`shortcuts.command.${issue.other}`) });
}

/** One command: its name and help, its keys (or the recorder), its default, its problems, its buttons. */
function CommandKeysRow({
  command,
  draft,
  issues,
  recording,
  onRecording,
  onSet,
  mac,
}: KeysTableProps & { command: AppCommand }) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const combo = draft[command];
  const fallback = DEFAULT_SHORTCUTS[command];

  const onRecordKey = (e: KeyboardEvent<HTMLInputElement>) => {
    // The keys are the value: neither the page nor the global hotkeys may act on them.
    e.preventDefault();
    e.stopPropagation();
    const plain = !e.ctrlKey && !e.metaKey && !e.altKey && !e.shiftKey;
    if (e.key === 'Escape' && plain) {
      onRecording(null);
      return;
    }
    const next = comboFromEvent(e.nativeEvent, mac);
    if (next === null) return;
    onSet(command, next);
    onRecording(null);
  };

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
              onKeyDown={onRecordKey}
              onBlur={() => onRecording(null)}
              data-testid={`shortcut-recorder-${command}`}
            />
          ) : (
            <Tag
              minimal
              size="large"
              intent={issues.length > 0 ? Intent.DANGER : Intent.NONE}
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
        {issues.map((issue) => (
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
            onClick={() => onRecording(command)}
            data-testid={`shortcut-record-${command}`}
          />
          <Button
            size="small"
            variant="minimal"
            icon="disable"
            text={t('shortcuts.page.clear')}
            disabled={combo === null}
            onClick={() => onSet(command, null)}
            data-testid={`shortcut-clear-${command}`}
          />
          <Button
            size="small"
            variant="minimal"
            icon="reset"
            text={t('shortcuts.page.reset')}
            disabled={!isCustom(command, combo)}
            onClick={() => onSet(command, fallback)}
            data-testid={`shortcut-reset-${command}`}
          />
        </div>
      </td>
    </tr>
  );
}
