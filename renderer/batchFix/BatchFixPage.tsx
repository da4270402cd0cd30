import { useState, type FormEvent } from 'react';
import { Button, Classes, H4, Intent } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_REPAIR_NAME } from '../../shared/api/batchFix.js';
import { Codes } from '../../shared/codes.js';
import type { GameId } from '../../shared/games.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { QueryState } from '../components/QueryState.js';
import { callEndpoint, useEndpointQuery } from '../kit/data.js';
import { Field } from '../kit/form/Field.js';
import { useBoundForm } from '../kit/form/useBoundForm.js';
import { useGameName } from '../kit/gameName.js';
import { DryRunResult } from './DryRunResult.js';
import { FunctionCard } from './FunctionCard.js';
import type { BatchFixGame } from './jobs.js';
import { RecentRuns } from './RecentRuns.js';
import { RunDialog } from './RunDialog.js';
import { RunProgress } from './RunProgress.js';
import { useRunParam } from './useRunParam.js';
import './batchFix.css';

/**
 * The data-repair page (spec: 玩家数据修复 / Player data repair): one required field, the function
 * name (batchfix1 by default), Execute; on success a toast that hides after a second. Beyond the
 * spec: the backend's functions with what each touches, a dry run that changes nothing, a reason
 * before Execute, the run's progress (it works in batches on the server) and the recent runs.
 */
export function BatchFixPage({ game }: { game: GameId }) {
  // The router only mounts this page for games that have it (the registry says which).
  const g = game as BatchFixGame;
  const { t } = useTranslation();
  const gameName = useGameName(game);
  const run = useRunParam();
  const form = useBoundForm({
    endpoint: 'batchFix.dryRun',
    name: 'batchfix',
    texts: 'batchFix.fields',
    initial: { name: DEFAULT_REPAIR_NAME },
    fixed: { game: g },
  });
  const [confirming, setConfirming] = useState<string | null>(null);
  // Runs started from this page: their end is announced even if it comes before the first poll.
  const [startedHere, setStartedHere] = useState<ReadonlySet<number>>(new Set());

  const functions = useEndpointQuery('batchFix.functions', { game: g }, { staleTime: 60_000 });
  const dry = useMutation({
    mutationFn: (fn: string) => callEndpoint('batchFix.dryRun', { game: g, name: fn }),
  });

  const typed = form.draft.name.trim();
  const onDryRun = (e?: FormEvent) => {
    e?.preventDefault();
    const input = form.validate();
    if (input !== null) dry.mutate(typed);
  };
  // Execute does nothing while the name is empty (spec), but says why.
  const onExecute = () => {
    if (form.validate() !== null) setConfirming(typed);
  };

  const known = functions.data?.functions.find((f) => f.name === (confirming ?? typed));

  return (
    <div className="batchfix" data-testid="batchfix">
      <p className={Classes.TEXT_MUTED}>{t('batchFix.intro', { game: gameName })}</p>
      <form className="batchfix-form" onSubmit={onDryRun} noValidate>
        <Field of={form} name="name" maxLength={64} />
        <div className="batchfix-buttons">
          <Button
            type="submit"
            icon="eye-open"
            text={t('batchFix.dryRun')}
            loading={dry.isPending}
            data-testid="batchfix-dryrun"
          />
          <Button
            icon="play"
            intent={Intent.DANGER}
            text={t('batchFix.execute')}
            onClick={onExecute}
            data-testid="batchfix-execute"
          />
        </div>
      </form>

      {dry.error && (
        <ErrorCallout
          title={t('batchFix.result.failed')}
          error={asResultError(dry.error, Codes.NETWORK)}
          testId="batchfix-dryrun-error"
        />
      )}
      {dry.data && !dry.error && <DryRunResult result={dry.data} />}

      {run.runId !== null && (
        <RunProgress
          key={run.runId}
          game={g}
          runId={run.runId}
          startedHere={startedHere.has(run.runId)}
          onForget={run.forget}
        />
      )}

      <H4 className="batchfix-section">{t('batchFix.functions.title')}</H4>
      <QueryState
        query={functions}
        failedTitle={t('batchFix.functions.loadFailed')}
        errorTestId="batchfix-functions-error"
      >
        {(data) => (
          <div className="batchfix-functions" data-testid="batchfix-functions">
            {data.functions.map((fn) => (
              <FunctionCard
                key={fn.name}
                fn={fn}
                chosen={fn.name === typed}
                onUse={() => form.change({ name: fn.name })}
              />
            ))}
          </div>
        )}
      </QueryState>

      <RecentRuns game={g} />

      <RunDialog
        game={g}
        name={confirming}
        known={known}
        dryRun={dry.data && dry.data.name === confirming ? dry.data : undefined}
        onClose={() => setConfirming(null)}
        onStarted={(job) => {
          setStartedHere((prev) => new Set([...prev, job.id]));
          run.show(job.id);
        }}
      />
    </div>
  );
}
