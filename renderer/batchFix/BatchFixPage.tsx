import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  Button,
  Callout,
  Card,
  Classes,
  Code,
  FormGroup,
  H4,
  HTMLTable,
  InputGroup,
  Intent,
  ProgressBar,
  Tag,
} from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_REPAIR_NAME,
  type DryRun,
  type RepairFunction,
  type RepairJob,
} from '../../shared/api/batchFix.js';
import { Codes } from '../../shared/codes.js';
import { GAMES, type GameId } from '../../shared/games.js';
import { asResultError } from '../bridge/result.js';
import { EmptyState } from '../components/EmptyState.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { QueryState } from '../components/QueryState.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { useToasts } from '../components/Toaster.js';
import { formatDateTime } from '../components/format.js';
import { ListTime } from '../components/ListTime.js';
import { callEndpoint, useEndpointMutation, useEndpointQuery } from '../kit/data.js';
import { queryKeyOf } from '../kit/queryKeys.js';
import { useLanguage } from '../i18n/i18n.js';
import { isActive, outcomeOf, preview, progressOf, removesRows, runParam } from './jobs.js';
import { sampleFields, tableName } from './sampleText.js';
import './batchFix.css';

type BatchFixGame = Extract<GameId, 'atomicwar' | 'ymmj' | 'lw'>;

/** How often a running repair is asked for its progress. */
const POLL_MS = 500;
const RUN_PARAM = 'run';
const RECENT_RUNS = 10;

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
  const lang = useLanguage();
  const toasts = useToasts();
  const [search, setSearch] = useSearchParams();
  const [name, setName] = useState(DEFAULT_REPAIR_NAME);
  const [nameError, setNameError] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  // Runs started from this page: their end is announced even if it comes before the first poll.
  const [startedHere, setStartedHere] = useState<ReadonlySet<number>>(new Set());
  const gameName = GAMES[game].names[lang];

  const functions = useEndpointQuery('batchFix.functions', { game: g }, { staleTime: 60_000 });
  const dry = useMutation({
    mutationFn: (fn: string) => callEndpoint('batchFix.dryRun', { game: g, name: fn }),
  });
  const run = useEndpointMutation('batchFix.run');
  const runId = runParam(search.get(RUN_PARAM));

  const typed = name.trim();
  const checkName = (): string | null => {
    if (typed === '') {
      setNameError(true);
      return null;
    }
    setNameError(false);
    return typed;
  };

  const onDryRun = (e?: FormEvent) => {
    e?.preventDefault();
    const fn = checkName();
    if (fn !== null) dry.mutate(fn);
  };
  // Execute does nothing while the name is empty (spec), but says why.
  const onExecute = () => {
    const fn = checkName();
    if (fn !== null) setConfirming(fn);
  };

  const known = functions.data?.functions.find((f) => f.name === (confirming ?? typed));
  const shownDry = dry.data && dry.data.name === confirming ? dry.data : undefined;

  return (
    <div className="batchfix" data-testid="batchfix">
      <p className={Classes.TEXT_MUTED}>{t('batchFix.intro', { game: gameName })}</p>
      <form className="batchfix-form" onSubmit={onDryRun} noValidate>
        <FormGroup
          label={t('batchFix.field.name')}
          labelFor="batchfix-name"
          labelInfo={t('common.required')}
          helperText={nameError ? t('batchFix.field.nameRequired') : t('batchFix.field.nameHelp')}
          intent={nameError ? Intent.DANGER : Intent.NONE}
        >
          <InputGroup
            id="batchfix-name"
            value={name}
            onValueChange={(v) => {
              setName(v);
              if (v.trim() !== '') setNameError(false);
            }}
            intent={nameError ? Intent.DANGER : Intent.NONE}
            maxLength={64}
            data-testid="batchfix-name"
          />
        </FormGroup>
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

      {runId !== null && (
        <RunProgress
          key={runId}
          game={g}
          runId={runId}
          startedHere={startedHere.has(runId)}
          onForget={() =>
            setSearch(
              (prev) => {
                const next = new URLSearchParams(prev);
                next.delete(RUN_PARAM);
                return next;
              },
              { replace: true },
            )
          }
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
                onUse={() => {
                  setName(fn.name);
                  setNameError(false);
                }}
              />
            ))}
          </div>
        )}
      </QueryState>

      <RecentRuns game={g} />

      <ReasonConfirmDialog
        isOpen={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('batchFix.run.title', { name: confirming ?? '', game: gameName })}
        warning={
          <>
            <p>
              {known ? known.texts[lang].description : t('batchFix.run.unknown', { name: confirming ?? '' })}
            </p>
            {shownDry && (
              <p data-testid="batchfix-run-expected">
                {t('batchFix.run.expected', { count: shownDry.total, at: formatDateTime(shownDry.at, lang) })}
              </p>
            )}
            {known && removesRows(known) && <p>{t('batchFix.run.removes')}</p>}
            <p>{t('batchFix.run.warning', { game: gameName })}</p>
          </>
        }
        confirmText={t('batchFix.run.confirm')}
        failedTitle={t('batchFix.run.failed')}
        icon="play"
        intent={Intent.DANGER}
        onConfirm={async (reason) => {
          const fn = confirming ?? typed;
          const job = await run.mutateAsync({ game: g, name: fn, reason });
          // Code 1: the spec's toast, for a second.
          toasts.success(t('batchFix.toast.started', { name: job.name, game: gameName, id: job.id }));
          setStartedHere((prev) => new Set([...prev, job.id]));
          setSearch(
            (prev) => {
              const next = new URLSearchParams(prev);
              next.set(RUN_PARAM, String(job.id));
              return next;
            },
            { replace: true },
          );
        }}
        testId="batchfix-run-dialog"
      />
    </div>
  );
}

/** What a dry run found: the counts per table and the first rows, before and after. */
function DryRunResult({ result }: { result: DryRun }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Card className="batchfix-result" data-testid="batchfix-dryrun-result" data-total={result.total}>
      <H4>{t('batchFix.result.title', { name: result.name })}</H4>
      <p className={Classes.TEXT_MUTED}>{t('batchFix.result.at', { at: formatDateTime(result.at, lang) })}</p>
      {result.total === 0 ? (
        <Callout intent={Intent.SUCCESS} icon="tick" data-testid="batchfix-dryrun-none">
          {t('batchFix.result.none')}
        </Callout>
      ) : (
        <>
          <p data-testid="batchfix-dryrun-total">{t('batchFix.result.total', { count: result.total })}</p>
          <HTMLTable compact className="batchfix-counts">
            <thead>
              <tr>
                <th>{t('batchFix.result.table')}</th>
                <th>{t('batchFix.result.change')}</th>
                <th>{t('batchFix.result.rows')}</th>
              </tr>
            </thead>
            <tbody>
              {result.counts
                .filter((c) => c.count > 0)
                .map((c) => (
                  <tr key={`${c.table}:${c.change}`}>
                    <td title={c.table}>{tableName(t, c.table)}</td>
                    <td>{t(`batchFix.change.${c.change}`)}</td>
                    <td>{c.count.toLocaleString(lang)}</td>
                  </tr>
                ))}
            </tbody>
          </HTMLTable>
          <H4 className="batchfix-subtitle">
            {t('batchFix.result.samples', { count: result.samples.length })}
          </H4>
          <HTMLTable compact striped className="batchfix-samples" data-testid="batchfix-samples">
            <thead>
              <tr>
                <th>{t('batchFix.result.key')}</th>
                <th>{t('batchFix.result.before')}</th>
                <th>{t('batchFix.result.after')}</th>
              </tr>
            </thead>
            <tbody>
              {result.samples.map((s) => (
                <tr key={`${s.table}:${s.key}`}>
                  <td title={s.table}>
                    {tableName(t, s.table)} · {s.key}
                  </td>
                  <td className="batchfix-row" title={preview(s.before, 4000)}>
                    <SampleRow row={s.before} />
                  </td>
                  <td className="batchfix-row" title={preview(s.after, 4000)}>
                    {s.after === null ? <em>{t('batchFix.result.removed')}</em> : <SampleRow row={s.after} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </>
      )}
    </Card>
  );
}

/** A row of a dry run as its fields, named and valued in the operator's language. */
function SampleRow({ row }: { row: unknown }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <dl className="batchfix-fields">
      {sampleFields(t, lang, row).map((f) => (
        <div key={f.key}>
          {f.label && <dt>{f.label}</dt>}
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function FunctionCard({ fn, chosen, onUse }: { fn: RepairFunction; chosen: boolean; onUse: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const texts = fn.texts[lang];
  return (
    <Card
      className={chosen ? 'batchfix-function is-chosen' : 'batchfix-function'}
      data-testid={`batchfix-fn-${fn.name}`}
    >
      <div className="batchfix-function-head">
        <strong>{texts.title}</strong> <Code>{fn.name}</Code>
        <span className="toolbar-spacer" />
        <Button
          size="small"
          variant="outlined"
          icon={chosen ? 'tick' : 'arrow-up'}
          text={t('batchFix.functions.use')}
          disabled={chosen}
          onClick={onUse}
          data-testid={`batchfix-use-${fn.name}`}
        />
      </div>
      <p>{texts.description}</p>
      <div className="batchfix-touches">
        <span className={Classes.TEXT_MUTED}>{t('batchFix.functions.touches')}</span>
        {fn.touches.map((tc) => (
          <Tag
            key={`${tc.table}:${tc.change}`}
            minimal
            intent={tc.change === 'delete' ? Intent.DANGER : Intent.PRIMARY}
          >
            {tableName(t, tc.table)} · {t(`batchFix.change.${tc.change}`)}
          </Tag>
        ))}
      </div>
    </Card>
  );
}

/**
 * The run just started (or named in the URL): its progress while it runs, asked every half
 * second, and a toast when it ends. A running one can be cancelled, with a reason.
 */
function RunProgress({
  game,
  runId,
  startedHere,
  onForget,
}: {
  game: BatchFixGame;
  runId: number;
  /** Started from this page: it was queued, so an end seen at the first read is announced. */
  startedHere: boolean;
  onForget: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const qc = useQueryClient();
  const input = { game, jobId: runId };
  const job = useQuery({
    queryKey: queryKeyOf('batchFix.job', input),
    queryFn: () => callEndpoint('batchFix.job', input),
    refetchInterval: (q) => (q.state.data && !isActive(q.state.data.status) ? false : POLL_MS),
  });
  const [cancelling, setCancelling] = useState(false);
  const cancel = useEndpointMutation('batchFix.cancel');
  const seen = useRef<RepairJob['status'] | null>(startedHere ? 'queued' : null);
  const gameName = GAMES[game].names[lang];

  const data = job.data;
  useEffect(() => {
    if (!data) return;
    const before = seen.current;
    seen.current = data.status;
    const outcome = outcomeOf(data.status);
    // Said once, when this page saw it end (not when a finished run is opened from a link).
    if (before === null || !isActive(before) || outcome === null) return;
    void qc.invalidateQueries({ queryKey: ['batchFix', { game }] });
    const names = {
      name: data.name,
      game: gameName,
      id: data.id,
      count: data.changed,
      error: data.error ?? '',
    };
    if (outcome === 'done') toasts.result(t('batchFix.toast.done', names));
    else toasts.error(t(`batchFix.toast.${outcome}`, names));
  }, [data, game, gameName, qc, t, toasts]);

  return (
    <Card className="batchfix-run" data-testid="batchfix-run" data-status={data?.status ?? 'loading'}>
      <QueryState query={job} failedTitle={t('batchFix.job.loadFailed')} errorTestId="batchfix-run-error">
        {(j) => (
          <>
            <div className="batchfix-function-head">
              <H4>{t('batchFix.job.title', { id: j.id, name: j.name })}</H4>
              <StatusTag status={j.status} />
              <span className="toolbar-spacer" />
              {isActive(j.status) && !j.cancelRequested && (
                <Button
                  size="small"
                  icon="stop"
                  intent={Intent.WARNING}
                  text={t('batchFix.job.cancel')}
                  onClick={() => setCancelling(true)}
                  data-testid="batchfix-cancel"
                />
              )}
              {!isActive(j.status) && (
                <Button
                  size="small"
                  variant="minimal"
                  icon="cross"
                  onClick={onForget}
                  aria-label={t('batchFix.job.close')}
                />
              )}
            </div>
            <ProgressBar
              value={progressOf(j)}
              intent={
                j.status === 'failed' ? Intent.DANGER : j.status === 'done' ? Intent.SUCCESS : Intent.PRIMARY
              }
              animate={isActive(j.status)}
              stripes={isActive(j.status)}
            />
            <p data-testid="batchfix-run-progress">
              {t('batchFix.job.progress', {
                processed: j.processed.toLocaleString(lang),
                total: j.total.toLocaleString(lang),
                changed: j.changed.toLocaleString(lang),
              })}
            </p>
            {j.cancelRequested && isActive(j.status) && <p>{t('batchFix.job.stopping')}</p>}
            {j.error && (
              <Callout intent={Intent.DANGER} icon="error">
                {j.error}
              </Callout>
            )}
          </>
        )}
      </QueryState>
      <ReasonConfirmDialog
        isOpen={cancelling}
        onClose={() => setCancelling(false)}
        title={t('batchFix.cancel.title', { id: runId, name: data?.name ?? '', game: gameName })}
        warning={t('batchFix.cancel.warning')}
        confirmText={t('batchFix.cancel.confirm')}
        failedTitle={t('batchFix.cancel.failed')}
        icon="stop"
        intent={Intent.WARNING}
        onConfirm={async (reason) => {
          await cancel.mutateAsync({ game, jobId: runId, reason });
          toasts.success(t('batchFix.cancel.done', { id: runId }));
        }}
        testId="batchfix-cancel-dialog"
      />
    </Card>
  );
}

function StatusTag({ status }: { status: RepairJob['status'] }) {
  const { t } = useTranslation();
  const intent =
    status === 'done'
      ? Intent.SUCCESS
      : status === 'failed' || status === 'interrupted'
        ? Intent.DANGER
        : status === 'cancelled'
          ? Intent.WARNING
          : Intent.PRIMARY;
  return (
    <Tag minimal intent={intent} data-testid="batchfix-status">
      {t(`batchFix.status.${status}`)}
    </Tag>
  );
}

/** The game's latest runs, refreshed while one of them runs. */
function RecentRuns({ game }: { game: BatchFixGame }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [, setSearch] = useSearchParams();
  const input = { game, pageSize: RECENT_RUNS };
  const runs = useQuery({
    queryKey: queryKeyOf('batchFix.jobs', input),
    queryFn: () => callEndpoint('batchFix.jobs', input),
    refetchInterval: (q) => (q.state.data?.items.some((j) => isActive(j.status)) ? POLL_MS * 4 : false),
  });
  return (
    <>
      <H4 className="batchfix-section">{t('batchFix.jobs.title')}</H4>
      <QueryState query={runs} failedTitle={t('batchFix.jobs.loadFailed')} errorTestId="batchfix-jobs-error">
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState icon="history" title={t('batchFix.jobs.empty')} testId="batchfix-jobs-empty" />
          ) : (
            <HTMLTable
              compact
              striped
              className="batchfix-jobs"
              data-testid="batchfix-jobs"
              data-row-count={data.items.length}
            >
              <thead>
                <tr>
                  <th>{t('batchFix.jobs.id')}</th>
                  <th>{t('batchFix.jobs.name')}</th>
                  <th>{t('batchFix.jobs.status')}</th>
                  <th>{t('batchFix.jobs.changed')}</th>
                  <th>{t('batchFix.jobs.operator')}</th>
                  <th>{t('batchFix.jobs.reason')}</th>
                  <th>{t('batchFix.jobs.started')}</th>
                  <th>{t('batchFix.jobs.finished')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((j) => (
                  <tr key={j.id} data-testid={`batchfix-job-${j.id}`}>
                    <td>
                      <Button
                        size="small"
                        variant="minimal"
                        text={`#${j.id}`}
                        onClick={() =>
                          setSearch(
                            (prev) => {
                              const next = new URLSearchParams(prev);
                              next.set(RUN_PARAM, String(j.id));
                              return next;
                            },
                            { replace: true },
                          )
                        }
                      />
                    </td>
                    <td>
                      <Code>{j.name}</Code>
                    </td>
                    <td>
                      <StatusTag status={j.status} />
                    </td>
                    <td>
                      {t('batchFix.jobs.changedOf', {
                        changed: j.changed.toLocaleString(lang),
                        total: j.total.toLocaleString(lang),
                      })}
                    </td>
                    <td>{j.operator}</td>
                    <td className="batchfix-reason" title={j.reason}>
                      {j.reason}
                    </td>
                    <td>
                      <ListTime at={j.createdAt} />
                    </td>
                    <td>
                      <ListTime at={j.finishedAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )
        }
      </QueryState>
    </>
  );
}
