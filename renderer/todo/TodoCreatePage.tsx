import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Classes, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { TODO_LIMITS } from '../../shared/api/todo.js';
import { Codes } from '../../shared/codes.js';
import { routeById } from '../../shared/routes.js';
import { CallError } from '../bridge/result.js';
import { useToasts } from '../components/Toaster.js';
import { useEndpointMutation } from '../kit/data.js';
import { FormField } from '../kit/FormField.js';
import { FormFrame } from '../kit/FormFrame.js';
import { useForm } from '../kit/useForm.js';
import { toLocalInput } from './deadline.js';
import { TODO_FIELDS, emptyTodoForm, invalidKey, validateTodo, type TodoField } from './todoForm.js';
import './todo.css';

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
  const form = useForm({
    initial: emptyTodoForm(openedAt),
    fields: TODO_FIELDS,
    check: (draft) => validateTodo(draft, Date.now()),
    invalidKey,
  });
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

  const field = (f: TodoField, label: string, help: string, need: 'required' | 'optional') => ({
    id: `todo-${f}`,
    label,
    error: form.errors[f],
    help,
    need,
  });

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
      <FormField {...field('name', t('todo.field.name'), t('todo.create.nameHelp'), 'required')}>
        <InputGroup
          id="todo-name"
          value={form.draft.name}
          onValueChange={(name) => form.change({ name })}
          intent={form.fieldIntent('name')}
          maxLength={TODO_LIMITS.name + 16}
          data-testid="todo-name"
        />
      </FormField>
      <FormField {...field('desc', t('todo.field.desc'), t('todo.create.descHelp'), 'optional')}>
        <TextArea
          id="todo-desc"
          fill
          value={form.draft.desc}
          onChange={(e) => form.change({ desc: e.currentTarget.value })}
          intent={form.fieldIntent('desc')}
          maxLength={TODO_LIMITS.desc + 16}
          data-testid="todo-desc"
        />
      </FormField>
      <FormField {...field('expireAt', t('todo.field.expireAt'), t('todo.create.expireAtHelp'), 'required')}>
        <input
          id="todo-expireAt"
          type="datetime-local"
          className={[
            Classes.INPUT,
            form.errors.expireAt ? Classes.intentClass(Intent.DANGER) : '',
            'todo-deadline-input',
          ]
            .filter(Boolean)
            .join(' ')}
          value={form.draft.expireAt}
          min={toLocalInput(openedAt)}
          onChange={(e) => form.change({ expireAt: e.currentTarget.value })}
          data-testid="todo-expireAt"
        />
      </FormField>
    </FormFrame>
  );
}
