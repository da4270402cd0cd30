import { useCallback } from 'react';
import { Button, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { paramOf, type DateRangeFilter, type ListFilter } from './filters.js';
import { OptionSelect, optionsOf } from './OptionSelect.js';
import { SearchBox, SearchOnSubmit } from './SearchBox.js';
import type { ListController } from './useListController.js';

/**
 * A list's filter controls, drawn from its declarations, and "clear filters" when any is set:
 * the same in every view of a list controller.
 */
export function FilterBar<T>({ list, testId }: { list: ListController<T>; testId: string }) {
  const { t } = useTranslation();
  const { update } = list;
  const onSearch = useCallback((param: string, text: string) => update({ [param]: text }), [update]);
  return (
    <>
      {list.filters.map((f) => (
        <FilterControl key={paramOf(f)} filter={f} list={list} listTestId={testId} onSearch={onSearch} />
      ))}
      {list.clearable && (
        <Button
          variant="minimal"
          icon="cross"
          text={t('kit.list.clearFilters')}
          onClick={list.clear}
          data-testid={`${testId}-clear`}
        />
      )}
    </>
  );
}

function FilterControl<T>({
  filter,
  list,
  listTestId,
  onSearch,
}: {
  filter: ListFilter;
  list: ListController<T>;
  listTestId: string;
  onSearch: (param: string, text: string) => void;
}) {
  // Keyed by the URL parameter, not the declaration (which a screen may rebuild at each render),
  // so the search box's pause timer is not restarted by every render of the page.
  const param = paramOf(filter);
  const search = useCallback((text: string) => onSearch(param, text), [onSearch, param]);
  const value = list.values[filter.input] ?? '';
  if (filter.kind === 'hidden') return null;
  if (filter.kind === 'dateRange') return <DateRange filter={filter} list={list} listTestId={listTestId} />;
  if (filter.kind === 'search' && filter.submitText !== undefined) {
    // Keyed by the applied text, so Back and "clear" reset what is typed to what is applied.
    return (
      <SearchOnSubmit
        key={value}
        initial={value}
        onSubmit={search}
        placeholder={filter.placeholder}
        submitText={filter.submitText}
        testId={filter.testId ?? `${listTestId}-search`}
        {...(filter.icon === undefined ? {} : { icon: filter.icon })}
        {...(filter.maxLength === undefined ? {} : { maxLength: filter.maxLength })}
      />
    );
  }
  if (filter.kind === 'search') {
    return (
      <SearchBox
        value={value}
        onSearch={search}
        placeholder={filter.placeholder}
        testId={filter.testId ?? `${listTestId}-search`}
        {...(filter.maxLength === undefined ? {} : { maxLength: filter.maxLength })}
      />
    );
  }
  return (
    <OptionSelect
      value={value}
      {...(filter.none === undefined ? {} : { none: filter.none })}
      options={optionsOf(offered(filter.options, value), filter.label)}
      onChange={(v) => list.setFilter(filter, v)}
      aria-label={filter.ariaLabel}
      data-testid={filter.testId ?? `${listTestId}-${param}-filter`}
    />
  );
}

/** The options, and first the value chosen when they do not list it (one a filter accepts). */
const offered = (options: readonly string[], value: string): readonly string[] =>
  value === '' || options.includes(value) ? options : [value, ...options];

/** Two day fields; a last day before the first is marked here and said in place of the rows. */
function DateRange<T>({
  filter,
  list,
  listTestId,
}: {
  filter: DateRangeFilter;
  list: ListController<T>;
  listTestId: string;
}) {
  const base = filter.testId ?? `${listTestId}-${paramOf(filter)}`;
  const intent = list.reversed === filter ? Intent.DANGER : Intent.NONE;
  return (
    <span className="kit-date-range">
      <InputGroup
        type="date"
        value={list.values[filter.input] ?? ''}
        onChange={(e) => list.setFilter(filter, e.currentTarget.value)}
        aria-label={filter.fromLabel}
        intent={intent}
        data-testid={`${base}-from`}
      />
      <InputGroup
        type="date"
        value={list.values[filter.toInput] ?? ''}
        onChange={(e) => list.setRangeEnd(filter, e.currentTarget.value)}
        aria-label={filter.toLabel}
        intent={intent}
        aria-invalid={intent === Intent.DANGER}
        data-testid={`${base}-to`}
      />
    </span>
  );
}
