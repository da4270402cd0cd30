import { FormGroup, InputGroup, Intent, Switch, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { RolesSelect } from './RolesSelect.js';
import type { FieldErrors, UserField, UserFormValues } from './userForm.js';

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
  errors: FieldErrors;
  onChange: (patch: Partial<UserFormValues>) => void;
}) {
  const { t } = useTranslation();
  const intent = (f: UserField) => (errors[f] ? Intent.DANGER : Intent.NONE);
  const helper = (f: UserField, help?: string) => {
    const key = errors[f];
    return key ? t(key) : help;
  };
  const group = (f: UserField, label: string, help?: string, required = false) => {
    const helperText = helper(f, help);
    return {
      label,
      labelFor: `user-${f}`,
      intent: intent(f),
      ...(helperText ? { helperText } : {}),
      ...(required ? { labelInfo: t('common.required') } : {}),
    };
  };
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

  return (
    <div className="user-fields">
      <FormGroup
        {...group(
          'phone',
          t('users.field.phone'),
          mode === 'edit' ? t('users.form.phoneFixed') : t('users.form.phoneHelp'),
          true,
        )}
      >
        {text('phone', { disabled: mode === 'edit', maxLength: 21 })}
      </FormGroup>
      <FormGroup {...group('name', t('users.field.name'), t('users.form.nameHelp'), true)}>
        {text('name', { maxLength: 64 })}
      </FormGroup>
      <FormGroup {...group('first_name', t('users.field.firstName'))}>
        {text('first_name', { maxLength: 64 })}
      </FormGroup>
      <FormGroup {...group('roles', t('users.field.roles'), t('users.form.rolesHelp'), true)}>
        <RolesSelect
          id="user-roles"
          value={values.roles}
          onChange={(roles) => onChange({ roles })}
          invalid={Boolean(errors.roles)}
        />
      </FormGroup>
      <FormGroup
        {...group(
          'password',
          mode === 'create' ? t('users.field.password') : t('users.field.newPassword'),
          mode === 'create' ? t('users.form.passwordHelp') : t('users.form.newPasswordHelp'),
          mode === 'create',
        )}
      >
        <InputGroup
          id="user-password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onValueChange={(password) => onChange({ password })}
          intent={intent('password')}
          maxLength={256}
          data-testid="user-password"
        />
      </FormGroup>
      <FormGroup
        {...group('confirmPassword', t('users.field.confirmPassword'), undefined, mode === 'create')}
      >
        <InputGroup
          id="user-confirmPassword"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onValueChange={(confirmPassword) => onChange({ confirmPassword })}
          intent={intent('confirmPassword')}
          maxLength={256}
          data-testid="user-confirmPassword"
        />
      </FormGroup>
      <FormGroup {...group('bio', t('users.field.bio'))}>
        <TextArea
          id="user-bio"
          fill
          value={values.bio}
          onChange={(e) => onChange({ bio: e.currentTarget.value })}
          intent={intent('bio')}
          maxLength={500}
          data-testid="user-bio"
        />
      </FormGroup>
      <FormGroup {...group('avatar', t('users.field.avatar'), t('users.form.avatarHelp'))}>
        {text('avatar', { maxLength: 500 })}
      </FormGroup>
      {mode === 'edit' && (
        <FormGroup {...group('disabled', t('users.field.disabled'), t('users.form.disabledHelp'))}>
          <Switch
            id="user-disabled"
            checked={values.disabled}
            onChange={(e) => onChange({ disabled: e.currentTarget.checked })}
            label={values.disabled ? t('users.disabledYes') : t('users.disabledNo')}
            data-testid="user-disabled"
          />
        </FormGroup>
      )}
      <FormGroup
        {...group(
          'reason',
          t('users.field.reason'),
          mode === 'edit' ? t('users.form.reasonHelp') : t('users.form.reasonOptional'),
          mode === 'edit',
        )}
      >
        <TextArea
          id="user-reason"
          fill
          value={values.reason}
          onChange={(e) => onChange({ reason: e.currentTarget.value })}
          intent={intent('reason')}
          maxLength={500}
          data-testid="user-reason"
        />
      </FormGroup>
    </div>
  );
}
