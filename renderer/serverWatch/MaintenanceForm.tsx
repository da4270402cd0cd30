import { useState, type FormEvent } from 'react';
import { Button, Classes, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { WATCH_LIMITS, type WatchedServer } from '../../shared/api/serverWatch.js';
import { Codes } from '../../shared/codes.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { useToasts } from '../components/Toaster.js';
import { useEndpointMutation } from '../kit/data.js';
import { localInputToIso, toLocalInput } from '../kit/dates.js';
import { Field, FieldFrame } from '../kit/form/Field.js';
import { useBoundForm, type BoundState } from '../kit/form/useBoundForm.js';

const HOUR_MS = 3_600_000;

/**
 * A new maintenance window (serverWatch.addMaintenance): the contract's schema decides what is
 * wrong (an end after the start, at most WATCH_LIMITS.maintenanceMaxDays days); a time the
 * browser cannot read is wrong too, said at its field, never silently not sent.
 */
export function maintenanceForm(serverId: number, openedAt: number) {
  return {
    endpoint: 'serverWatch.addMaintenance' as const,
    name: 'watch-window',
    texts: 'serverWatch.maintenance.fields',
    initial: {
      startsAt: toLocalInput(new Date(openedAt)),
      endsAt: toLocalInput(new Date(openedAt + HOUR_MS)),
      note: '',
    },
    fixed: { id: serverId },
    parse: {
      startsAt: (d: { startsAt: string }) => localInputToIso(d.startsAt) ?? '',
      endsAt: (d: { endsAt: string }) => localInputToIso(d.endsAt) ?? '',
    },
  };
}

type WindowDraft = ReturnType<typeof maintenanceForm>['initial'];

function TimeField({
  form,
  name,
  testId,
}: {
  form: BoundState<WindowDraft, keyof WindowDraft>;
  name: 'startsAt' | 'endsAt';
  testId: string;
}) {
  return (
    <FieldFrame of={form} name={name} testId={testId}>
      {(p) => (
        <input
          id={p.id}
          type="datetime-local"
          className={[Classes.INPUT, p.intent === Intent.DANGER ? Classes.intentClass(Intent.DANGER) : '']
            .filter(Boolean)
            .join(' ')}
          value={form.draft[name]}
          onChange={(e) => form.change({ [name]: e.currentTarget.value })}
          data-testid={p.testId}
        />
      )}
    </FieldFrame>
  );
}

export function MaintenanceForm({ server }: { server: WatchedServer }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const [openedAt] = useState(() => Date.now());
  const form = useBoundForm(maintenanceForm(server.id, openedAt));
  const add = useEndpointMutation('serverWatch.addMaintenance');

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const input = form.validate();
    if (input === null) return;
    form
      .send(() => add.mutateAsync(input))
      .then(
        () => {
          form.change({ note: '' });
          toasts.success(t('serverWatch.maintenance.added', { name: server.name }));
        },
        // Shown under the form.
        () => undefined,
      );
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="watch-window-form">
      <div className="watch-form-row watch-window-form">
        <TimeField form={form} name="startsAt" testId="watch-window-start" />
        <TimeField form={form} name="endsAt" testId="watch-window-end" />
        <Field of={form} name="note" maxLength={500} className="watch-form-grow" />
      </div>
      <p className={Classes.TEXT_MUTED}>
        {t('serverWatch.maintenance.limit', { days: WATCH_LIMITS.maintenanceMaxDays })}
      </p>
      <Button
        type="submit"
        icon="add"
        text={t('serverWatch.maintenance.add')}
        loading={add.isPending}
        data-testid="watch-window-add"
      />
      {add.error && (
        <ErrorCallout
          title={t('serverWatch.maintenance.addFailed')}
          error={asResultError(add.error, Codes.NETWORK)}
          testId="watch-window-failed"
        />
      )}
    </form>
  );
}
