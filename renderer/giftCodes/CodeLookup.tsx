import { useState, type FormEvent } from 'react';
import { Button, Card, Classes, HTMLTable, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { codeTextSchema, type CodeInfo, type CodeKind } from '../../shared/api/giftCodes.js';
import type { GameId } from '../../shared/games.js';
import { ListTime } from '../components/ListTime.js';
import { PlayerLink } from '../components/PlayerLink.js';
import { QueryState } from '../components/QueryState.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { useToasts } from '../components/Toaster.js';
import { useEndpointMutation, useEndpointQuery } from '../kit/data.js';
import { useGameName } from '../kit/gameName.js';
import { CODE_STATE_INTENT, endpointsOf, groupCode } from './codes.js';
import { CopyCode } from './CopyCode.js';

/**
 * Looks one code up as a player typed it (dashes, spaces, lower case are all fine): its state,
 * uses, batch and who redeemed it where; a code can be disabled or enabled again on its own.
 */
export function CodeLookup({
  game,
  kind,
  onOpenBatch,
}: {
  game: GameId;
  kind: CodeKind;
  onOpenBatch: (batchId: number) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const status = useEndpointQuery(
    endpointsOf(kind).status,
    { game, code: code ?? '' },
    { enabled: code !== null },
  );

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = codeTextSchema.safeParse(text);
    setInvalid(!parsed.success);
    setCode(parsed.success ? parsed.data : null);
  };

  return (
    <Card className="gift-lookup" data-testid="code-lookup">
      <form className="gift-lookup-form" onSubmit={onSubmit} noValidate>
        <InputGroup
          leftIcon="search"
          className="gift-code-input"
          placeholder={t('giftCodes.lookup.placeholder')}
          aria-label={t('giftCodes.lookup.label')}
          value={text}
          maxLength={40}
          onValueChange={(v) => {
            setText(v);
            setInvalid(false);
          }}
          intent={invalid ? Intent.DANGER : Intent.NONE}
          data-testid="code-lookup-input"
        />
        <Button
          type="submit"
          icon="search"
          text={t('giftCodes.lookup.button')}
          data-testid="code-lookup-submit"
        />
        {code !== null && (
          <Button
            variant="minimal"
            icon="cross"
            text={t('giftCodes.lookup.clear')}
            onClick={() => {
              setCode(null);
              setText('');
            }}
            data-testid="code-lookup-clear"
          />
        )}
      </form>
      {/* Blueprint's form-group classes colour the help as an error, in light and dark mode alike. */}
      <div className={invalid ? `${Classes.FORM_GROUP} ${Classes.INTENT_DANGER}` : Classes.FORM_GROUP}>
        <div className={Classes.FORM_HELPER_TEXT} data-testid="code-lookup-help">
          {invalid ? t('giftCodes.lookup.invalid') : t('giftCodes.lookup.help')}
        </div>
      </div>
      {code !== null && (
        <QueryState query={status} failedTitle={t('giftCodes.lookup.failed')} errorTestId="code-lookup-error">
          {(info) => <CodeDetails game={game} kind={kind} info={info} onOpenBatch={onOpenBatch} />}
        </QueryState>
      )}
    </Card>
  );
}

function CodeDetails({
  game,
  kind,
  info,
  onOpenBatch,
}: {
  game: GameId;
  kind: CodeKind;
  info: CodeInfo;
  onOpenBatch: (batchId: number) => void;
}) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const gameName = useGameName(game);
  const [confirming, setConfirming] = useState(false);
  const setEnabled = useEndpointMutation(endpointsOf(kind).setCodeEnabled);
  const names = { code: groupCode(info.code), game: gameName, batch: info.batchName };
  return (
    <div className="gift-lookup-result" data-testid="code-lookup-result">
      <div className="gift-lookup-head">
        <CopyCode code={info.code} />
        <Tag minimal intent={CODE_STATE_INTENT[info.state]} data-testid="code-lookup-state">
          {t(`giftCodes.codeState.${info.state}`)}
        </Tag>
        <span data-testid="code-lookup-uses">
          {t('giftCodes.lookup.uses', { uses: info.uses, max: info.usesPerCode })}
        </span>
        <Button
          variant="minimal"
          icon="panel-stats"
          text={t('giftCodes.lookup.batch', { name: info.batchName })}
          onClick={() => onOpenBatch(info.batchId)}
          data-testid="code-lookup-batch"
        />
        <span className="toolbar-spacer" />
        <Button
          icon={info.enabled ? 'disable' : 'play'}
          intent={info.enabled ? Intent.DANGER : Intent.SUCCESS}
          text={info.enabled ? t('giftCodes.code.disable') : t('giftCodes.code.enable')}
          onClick={() => setConfirming(true)}
          data-testid="code-toggle"
        />
      </div>
      {info.redemptions.length === 0 ? (
        <p className={Classes.TEXT_MUTED} data-testid="code-lookup-unredeemed">
          {t('giftCodes.lookup.noRedemptions')}
        </p>
      ) : (
        <HTMLTable compact striped className="gift-redemptions" data-testid="code-lookup-redemptions">
          <thead>
            <tr>
              <th>{t('giftCodes.field.player')}</th>
              <th>{t('giftCodes.field.server')}</th>
              <th>{t('giftCodes.field.redeemedAt')}</th>
            </tr>
          </thead>
          <tbody>
            {info.redemptions.map((r) => (
              <tr key={`${r.playerId}-${r.at}`}>
                <td>
                  <PlayerLink game={game} id={r.playerId} />
                </td>
                <td>{r.serverId}</td>
                <td>
                  <ListTime at={r.at} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <ReasonConfirmDialog
        isOpen={confirming}
        onClose={() => setConfirming(false)}
        title={t(info.enabled ? 'giftCodes.code.disableTitle' : 'giftCodes.code.enableTitle', names)}
        warning={t(
          info.enabled ? `giftCodes.${kind}.codeDisableWarning` : `giftCodes.${kind}.codeEnableWarning`,
          names,
        )}
        confirmText={info.enabled ? t('giftCodes.code.disable') : t('giftCodes.code.enable')}
        failedTitle={t('giftCodes.code.statusFailed')}
        icon={info.enabled ? 'disable' : 'play'}
        intent={info.enabled ? Intent.DANGER : Intent.SUCCESS}
        onConfirm={async (reason) => {
          const next = await setEnabled.mutateAsync({
            game,
            code: info.code,
            enabled: !info.enabled,
            reason,
          });
          toasts.success(t(next.enabled ? 'giftCodes.code.enabled' : 'giftCodes.code.disabled', names));
        }}
        testId="code-status-dialog"
      />
    </div>
  );
}
