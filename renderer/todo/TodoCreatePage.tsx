import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Classes, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { TODO_LIMITS } from '../../shared/api/todo.js';
import { Codes } from '../../shared/codes.js';
import { routeById } from '../../shared/routes.js';
import { CallError } from '../bridge/result.js';
import { useToasts } from '../components/Toaster.js';
import { useEndpointMutation } from '../kit/data.js';
import type { FieldErrors } from '../kit/form.js';
import { Field, FieldFrame } from '../kit/form/Field.js';
import { useBoundForm } from '../kit/form/useBoundForm.js';
import { FormFrame } from '../kit/FormFrame.js';
import { defaultDeadline, fromLocalInput, toLocalInput } from './deadline.js';
import './todo.css';

/**
 * The new to-do form: the contract's own schema (todo.create) decides what is wrong, plus the
 * one check that needs the clock, a deadline ahead of now (the server checks it again against
 * its own). `openedAt` is when the form opened, where its deadline starts.
 */
export function todoForm(openedAt: number, now: () => number = Date.now) {
  return {
    endpoint: 'todo.create' as const,
    name: 'todo',
    texts: 'todo.fields',
    initial: { name: '', desc: '', expireAt: defaultDeadline(openedAt) },
    parse: { expireAt: (d: { expireAt: string }) => fromLocalInput(d.expireAt) ?? '' },
    refine: (errors: FieldErrors<string>, d: { expireAt: string }) => {
      const at = fromLocalInput(d.expireAt);
      return at !== null && Date.parse(at) <= now() ? { ...errors, expireAt: 'todo.invalid.past' } : errors;
    },
  };
}

/**
 * A new item of the operator's own list (spec: /admin/todo/todoCreate). The deadline is a native
 * date-and-time field in Blueprint's input look: @blueprintjs/datetime is not a dependency, and
 * the browser's own picker speaks the operator's locale.
 */
export function TodoCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toasts = useToasts();
  const create = useEndpointMutation('todo.create');
  // The form's "now" is when it opened; submitting checks against the clock at that moment.
  const [openedAt] = useState(() => Date.now());
  const form = useBoundForm(todoForm(openedAt));
  const listPath = routeById('todo.list').path;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const input = form.validate();
    if (input === null) return;
    form
      .send(() => create.mutateAsync(input))
      .then(
        (item) => {
          toasts.success(t('todo.create.done', { name: item.name }));
          void navigate(listPath);
        },
        (err: unknown) => {
          // The name is the key: the server's refusal of a duplicate (which quotes the name; a
          // full list's does not) points at the name field. The callout shows the server's words.
          if (err instanceof CallError && err.code === Codes.CONFLICT && err.message.includes(input.name))
            form.setErrors({ name: 'todo.invalid.duplicate' });
        },
      );
  };

  return (
    <FormFrame
      name="todo"
      testId="todo-create-form"
      intro={t('todo.create.intro')}
      state={form}
      failedTitle={t('todo.create.failed')}
      submit={{ icon: 'add', text: t('todo.create.submit') }}
      cancelTo={listPath}
      onSubmit={onSubmit}
    >
      <Field of={form} name="name" maxLength={TODO_LIMITS.name + 16} />
      <Field of={form} name="desc" as="textarea" maxLength={TODO_LIMITS.desc + 16} />
      <FieldFrame of={form} name="expireAt">
        {(p) => (
          <input
            id={p.id}
            type="datetime-local"
            className={[
              Classes.INPUT,
              p.intent === Intent.DANGER ? Classes.intentClass(Intent.DANGER) : '',
              'todo-deadline-input',
            ]
              .filter(Boolean)
              .join(' ')}
            value={form.draft.expireAt}
            min={toLocalInput(openedAt)}
            onChange={(e) => form.change({ expireAt: e.currentTarget.value })}
            data-testid={p.testId}
          />
        )}
      </FieldFrame>
    </FormFrame>
  );
}
