import { Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Field, FieldFrame } from '../kit/form/Field.js';
import { RolesField } from './RolesSelect.js';
import type { UserForm } from './userForm.js';

/** The operator form's fields, shared by create and edit; the page owns the form and its submit. */
export function UserFields({ mode, form }: { mode: 'create' | 'edit'; form: UserForm }) {
  const { t } = useTranslation();
  const creating = mode === 'create';
  const password = { type: 'password' as const, autoComplete: 'new-password', maxLength: 256 };
  return (
    <div className="user-fields">
      <Field
        of={form}
        name="phone"
        maxLength={21}
        // The phone is the account's key: it is typed once, when the account is made.
        disabled={!creating}
        help={creating ? t('users.form.phoneHelp') : t('users.form.phoneFixed')}
      />
      {/* Required in both: a change may leave the name and roles out, but never empty them. */}
      <Field of={form} name="name" maxLength={64} need="required" />
      <Field of={form} name="first_name" maxLength={64} />
      <RolesField of={form} need="required" />
      <Field
        of={form}
        name="password"
        {...password}
        {...(creating ? {} : { label: t('users.field.newPassword'), help: t('users.form.newPasswordHelp') })}
      />
      <Field
        of={form}
        name="confirmPassword"
        {...password}
        {...(creating ? { need: 'required' as const } : {})}
      />
      <Field of={form} name="bio" as="textarea" maxLength={500} />
      <Field of={form} name="avatar" maxLength={500} />
      {!creating && (
        <FieldFrame of={form} name="disabled" need={null}>
          {(p) => (
            <Switch
              id={p.id}
              checked={form.draft.disabled}
              onChange={(e) => form.change({ disabled: e.currentTarget.checked })}
              label={form.draft.disabled ? t('users.disabledYes') : t('users.disabledNo')}
              data-testid={p.testId}
            />
          )}
        </FieldFrame>
      )}
      <Field
        of={form}
        name="reason"
        as="textarea"
        maxLength={500}
        help={creating ? t('users.form.reasonOptional') : t('users.form.reasonHelp')}
      />
    </div>
  );
}
