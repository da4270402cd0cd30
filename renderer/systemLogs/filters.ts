import type { TFunction } from 'i18next';
import { EVENT_LEVELS, OUTCOMES } from '../../shared/api/systemLogs.js';
import { AUDIT_KINDS, auditKindOf, type AuditKind } from '../../shared/api/users.js';
import type { Language } from '../../shared/codes.js';
import { GAME_IDS } from '../../shared/games.js';
import { AUDITED_ACTIONS, auditActionName, gameName } from '../kit/audit.js';
import type { ListFilter } from '../kit/filters.js';

/**
 * The system logs' filters, declared for the list controller: where each lives in the URL (the
 * two tabs keep theirs side by side, so the events' carry an `e`), the control's test id, and what
 * a hand-edited value may be. Days are the operator's local days, both ends included.
 */

export const TABS = ['audit', 'events'] as const;
export type Tab = (typeof TABS)[number];
export const TAB_PARAM = 'tab';

export const AUDIT_PARAMS = { kind: 'kind', page: 'page', entry: 'entry', operator: 'op' } as const;
export const EVENT_PARAMS = { kind: 'ekind', page: 'epage' } as const;
export const EVENT_SORT_PARAMS = { sort: 'esort', order: 'eorder' } as const;

const LOG_GAMES = [...GAME_IDS, 'none'] as const;
const ACTION_ID = /^[A-Za-z][A-Za-z0-9]*\.[A-Za-z][A-Za-z0-9]*$/;
const AREA = /^[A-Za-z][A-Za-z0-9]*$/;

interface Naming {
  t: TFunction;
  lang: Language;
}

const logGameLabel =
  ({ t, lang }: Naming) =>
  (g: string) =>
    g === 'none' ? t('systemLogs.noGame') : (gameName(g, lang) ?? g);

/** The game filter of both tabs: a game, or the entries of no game. */
const gameFilter = (n: Naming, param: string, testId: string): ListFilter => ({
  kind: 'select',
  input: 'game',
  param,
  testId,
  options: LOG_GAMES,
  label: logGameLabel(n),
  none: n.t('systemLogs.filter.allGames'),
  ariaLabel: n.t('systemLogs.filter.game'),
});

/** The day range of both tabs. */
const daysFilter = ({ t }: Naming, params: { from: string; to: string }, testId: string): ListFilter => ({
  kind: 'dateRange',
  input: 'from',
  toInput: 'to',
  param: params.from,
  toParam: params.to,
  testId,
  fromLabel: t('systemLogs.filter.from'),
  toLabel: t('systemLogs.filter.to'),
});

/** The actions offered for a kind of entry (all of them for any kind), by their names. */
function actionsOf({ t, lang }: Naming, kind: AuditKind | undefined): string[] {
  return AUDITED_ACTIONS.filter((a) => !kind || auditKindOf(a) === kind)
    .map((a) => ({ value: a, label: auditActionName(t, a) }))
    .sort((x, y) => x.label.localeCompare(y.label, lang))
    .map((a) => a.value);
}

/** The audit trail's filters; the actions offered follow the kind chosen. */
export function auditFilters(n: Naming, kind: AuditKind | undefined): readonly ListFilter[] {
  const { t } = n;
  return [
    {
      kind: 'search',
      input: 'operator',
      param: AUDIT_PARAMS.operator,
      testId: 'logs-operator',
      placeholder: t('systemLogs.filter.operator'),
      submitText: t('systemLogs.filter.apply'),
      icon: 'person',
      maxLength: 200,
    },
    {
      kind: 'select',
      input: 'kind',
      param: AUDIT_PARAMS.kind,
      testId: 'logs-kind',
      options: AUDIT_KINDS,
      label: (k) => t(`systemLogs.kind.${k}`),
      none: t('systemLogs.filter.allKinds'),
      ariaLabel: t('systemLogs.filter.kind'),
      resets: ['action'],
    },
    {
      kind: 'select',
      input: 'action',
      testId: 'logs-action',
      options: actionsOf(n, kind),
      label: (a) => auditActionName(t, a),
      none: t('systemLogs.filter.allActions'),
      ariaLabel: t('systemLogs.filter.action'),
      accept: (a) => ACTION_ID.test(a),
    },
    gameFilter(n, 'game', 'logs-game'),
    {
      kind: 'select',
      input: 'outcome',
      testId: 'logs-outcome',
      options: OUTCOMES,
      label: (o) => t(`systemLogs.outcome.${o}`),
      none: t('systemLogs.filter.allOutcomes'),
      ariaLabel: t('systemLogs.filter.outcome'),
    },
    daysFilter(n, { from: 'from', to: 'to' }, 'logs'),
  ];
}

/** The events' filters; the areas and events offered are those the backend has recorded. */
export function eventFilters(n: Naming, known: readonly string[], area: string): readonly ListFilter[] {
  const { t } = n;
  const kindName = (kind: string) => t(`systemLogs.eventKind.${kind}`, { defaultValue: kind });
  return [
    {
      kind: 'select',
      input: 'area',
      testId: 'events-area',
      options: areasOf(known),
      label: (a) => t(`systemLogs.area.${a}`, { defaultValue: a }),
      none: t('systemLogs.filter.allAreas'),
      ariaLabel: t('systemLogs.filter.area'),
      accept: (a) => AREA.test(a),
      resets: [EVENT_PARAMS.kind],
    },
    {
      kind: 'select',
      input: 'kind',
      param: EVENT_PARAMS.kind,
      testId: 'events-kind',
      options: known.filter((k) => !area || k.startsWith(`${area}.`)),
      label: kindName,
      none: t('systemLogs.filter.allEvents'),
      ariaLabel: t('systemLogs.filter.event'),
      accept: (k) => k.trim() === k && k.length <= 100,
    },
    {
      kind: 'select',
      input: 'level',
      testId: 'events-level',
      options: EVENT_LEVELS,
      label: (l) => t(`systemLogs.level.${l}`),
      none: t('systemLogs.filter.allLevels'),
      ariaLabel: t('systemLogs.filter.level'),
    },
    gameFilter(n, 'egame', 'events-game'),
    daysFilter(n, { from: 'efrom', to: 'eto' }, 'events'),
  ];
}

/** An entry's id in the URL (`?entry=12`), or null. */
export function idParam(raw: string | null): number | null {
  if (raw === null || !/^[0-9]{1,15}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

/** The areas of event kinds ('backend' of 'backend.started'), sorted, once each. */
export function areasOf(kinds: readonly string[]): string[] {
  return [...new Set(kinds.map((k) => k.split('.')[0] ?? '').filter((a) => AREA.test(a)))].sort();
}
