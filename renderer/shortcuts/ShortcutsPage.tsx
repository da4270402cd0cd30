import { useState } from 'react';
import { Button, Callout, Classes, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AppCommand } from '../../shared/commands.js';
import type { ShortcutPrefs } from '../../shared/api/shortcuts.js';
import { Codes } from '../../shared/codes.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { formatDateTime } from '../components/format.js';
import { QueryState } from '../components/QueryState.js';
import { useToasts } from '../components/Toaster.js';
import { useLanguage } from '../i18n/i18n.js';
import { useEndpointMutation } from '../kit/data.js';
import { useShell } from '../shell/context.js';
import { CommandKeysTable } from './CommandKeysTable.js';
import { draftIssues, draftOf, isDirty, saveInputOf, type Draft } from './drafts.js';
import { openPages, pinnedRoutes } from './palette.js';
import { PinnedEditor } from './PinnedEditor.js';
import { useIsMac, useRoles, useShortcutPrefs } from './prefs.js';
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
  const toasts = useToasts();
  const roles = useRoles();
  const mac = useIsMac();
  const { isReady } = useShell();
  const pinnedOf = () => pinnedRoutes(prefs.pinned, roles, isReady).map((r) => r.id);
  const [draft, setDraft] = useState<Draft>(() => draftOf(prefs.shortcuts));
  const [pinned, setPinned] = useState<string[]>(pinnedOf);
  const [recording, setRecording] = useState<AppCommand | null>(null);
  const save = useEndpointMutation('shortcuts.save');

  const issues = draftIssues(draft);
  const dirty = isDirty(draft, pinned, prefs.shortcuts, prefs.pinned);
  const candidates = openPages(roles, isReady).filter((r) => !pinned.includes(r.id));

  return (
    <>
      <CommandKeysTable
        draft={draft}
        issues={issues}
        recording={recording}
        onRecording={setRecording}
        onSet={(command, combo) => setDraft((d) => ({ ...d, [command]: combo }))}
        mac={mac}
      />
      <PinnedEditor pinned={pinned} setPinned={setPinned} candidates={candidates} />
      <EditorFooter
        updatedAt={prefs.updatedAt}
        save={save}
        fixFirst={issues.length > 0}
        dirty={dirty}
        onSave={() =>
          save.mutate(saveInputOf(draft, pinned), {
            onSuccess: () => toasts.success(t('shortcuts.page.saved')),
          })
        }
        onDiscard={() => {
          setDraft(draftOf(prefs.shortcuts));
          setPinned(pinnedOf());
          save.reset();
        }}
      />
    </>
  );
}

/** Save or discard the draft, what stands in the way of saving, and when it was last saved. */
function EditorFooter({
  updatedAt,
  save,
  fixFirst,
  dirty,
  onSave,
  onDiscard,
}: {
  updatedAt: string | null;
  save: ReturnType<typeof useEndpointMutation<'shortcuts.save'>>;
  fixFirst: boolean;
  dirty: boolean;
  onSave: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <>
      {save.error && (
        <ErrorCallout
          title={t('shortcuts.page.saveFailed')}
          error={asResultError(save.error, Codes.NETWORK)}
          testId="shortcuts-save-error"
        />
      )}
      {fixFirst && (
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
          disabled={!dirty || fixFirst}
          onClick={onSave}
          data-testid="shortcuts-save"
        />
        <Button
          variant="minimal"
          text={t('shortcuts.page.discard')}
          disabled={!dirty || save.isPending}
          onClick={onDiscard}
          data-testid="shortcuts-discard"
        />
        {dirty ? (
          <span className={Classes.TEXT_MUTED} data-testid="shortcuts-unsaved">
            {t('shortcuts.page.unsaved')}
          </span>
        ) : (
          updatedAt && (
            <span className={Classes.TEXT_MUTED}>
              {t('shortcuts.page.lastSaved', { time: formatDateTime(updatedAt, lang) })}
            </span>
          )
        )}
      </div>
    </>
  );
}
