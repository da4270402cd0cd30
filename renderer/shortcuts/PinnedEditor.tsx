import { useState } from 'react';
import { Button, Classes, H4 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { PINNED_MAX } from '../../shared/api/shortcuts.js';
import { ROUTES_BY_ID, type RouteDef } from '../../shared/routes.js';
import { HTMLSelect } from '../components/HTMLSelect.js';
import { addPinned, movePinned } from './drafts.js';
import { useRouteTitle } from './prefs.js';

/**
 * The pages pinned to the top bar (shortcuts page), in order: moved up or down, unpinned, or one
 * more chosen among the pages the operator may open (`candidates`), up to PINNED_MAX.
 */
export function PinnedEditor({
  pinned,
  setPinned,
  candidates,
}: {
  pinned: readonly string[];
  setPinned: (update: (pinned: string[]) => string[]) => void;
  candidates: readonly RouteDef[];
}) {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const [choice, setChoice] = useState('');
  return (
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
  );
}
