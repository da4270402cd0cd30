import { InputGroup, Intent, Switch, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { FormField } from '../kit/FormField.js';
import type { FieldErrors } from '../kit/form.js';
import { RolesSelect } from './RolesSelect.js';
import type { UserField, UserFormValues } from './userForm.js';

type Mode = 'create' | 'edit';

/** The operator form's fields, shared by create and edit; the page owns state and submit. */
export function UserFields({
  mode,
  values,
  errors,
  onChange,
}: {
  mode: Mode;
  values: UserFormValues;
  errors: FieldErrors<UserField>;
  onChange: (patch: Partial<UserFormValues>) => void;
}) {
  const { t } = useTranslation();
  const intent = (f: UserField) => (errors[f] ? Intent.DANGER : Intent.NONE);
  const field = (f: UserField, label: string, help?: string, need?: 'required') => ({
    id: `user-${f}`,
    label,
    error: errors[f],
    ...(help ? { help } : {}),
    ...(need ? { need } : {}),
  });
  const text = (
    f: 'phone' | 'name' | 'first_name' | 'avatar',
    extra: { disabled?: boolean; maxLength: number },
  ) => (
    <InputGroup
      id={`user-${f}`}
      value={values[f]}
      onValueChange={(v) => onChange({ [f]: v })}
      intent={intent(f)}
      data-testid={`user-${f}`}
      {...extra}
    />
  );
  const password = (f: 'password' | 'confirmPassword') => (
    <InputGroup
      id={`user-${f}`}
      type="password"
      autoComplete="new-password"
      value={values[f]}
      onValueChange={(v) => onChange({ [f]: v })}
      intent={intent(f)}
      maxLength={256}
      data-testid={`user-${f}`}
    />
  );
  const longText = (f: 'bio' | 'reason') => (
    <TextArea
      id={`user-${f}`}
      fill
      value={values[f]}
      onChange={(e) => onChange({ [f]: e.currentTarget.value })}
      intent={intent(f)}
      maxLength={500}
      data-testid={`user-${f}`}
    />
  );

  return (
    <div className="user-fields">
      <FormField
        {...field(
          'phone',
          t('users.field.phone'),
          mode === 'edit' ? t('users.form.phoneFixed') : t('users.form.phoneHelp'),
          'required',
        )}
      >
        {text('phone', { disabled: mode === 'edit', maxLength: 21 })}
      </FormField>
      <FormField {...field('name', t('users.field.name'), t('users.form.nameHelp'), 'required')}>
        {text('name', { maxLength: 64 })}
      </FormField>
      <FormField {...field('first_name', t('users.field.firstName'))}>
        {text('first_name', { maxLength: 64 })}
      </FormField>
      <FormField {...field('roles', t('users.field.roles'), t('users.form.rolesHelp'), 'required')}>
        <RolesSelect
          id="user-roles"
          value={values.roles}
          onChange={(roles) => onChange({ roles })}
          invalid={Boolean(errors.roles)}
        />
      </FormField>
      <FormField
        {...field(
          'password',
          mode === 'create' ? t('users.field.password') : t('users.field.newPassword'),
          mode === 'create' ? t('users.form.passwordHelp') : t('users.form.newPasswordHelp'),
          mode === 'create' ? 'required' : undefined,
        )}
      >
        {password('password')}
      </FormField>
      <FormField
        {...field(
          'confirmPassword',
          t('users.field.confirmPassword'),
          undefined,
          mode === 'create' ? 'required' : undefined,
        )}
      >
        {password('confirmPassword')}
      </FormField>
      <FormField {...field('bio', t('users.field.bio'))}>{longText('bio')}</FormField>
      <FormField {...field('avatar', t('users.field.avatar'), t('users.form.avatarHelp'))}>
        {text('avatar', { maxLength: 500 })}
      </FormField>
      {mode === 'edit' && (
        <FormField {...field('disabled', t('users.field.disabled'), t('users.form.disabledHelp'))}>
          <Switch
            id="user-disabled"
            checked={values.disabled}
            onChange={(e) => onChange({ disabled: e.currentTarget.checked })}
            label={values.disabled ? t('users.disabledYes') : t('users.disabledNo')}
            data-testid="user-disabled"
          />
        </FormField>
      )}
      <FormField
        {...field(
          'reason',
          t('users.field.reason'),
          mode === 'edit' ? t('users.form.reasonHelp') : t('users.form.reasonOptional'),
          mode === 'edit' ? 'required' : undefined,
        )}
      >
        {longText('reason')}
      </FormField>
    </div>
  );
}
