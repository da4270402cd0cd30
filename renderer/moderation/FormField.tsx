import type { ReactNode } from 'react';
import { FormGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/**
 * A form field of the moderation forms: its label, whether it is required or optional, and under
 * it the field's error (an i18n key) or else its help.
 */
export function FormField({
  id,
  label,
  need,
  error,
  help,
  children,
}: {
  /** The input's id, which the label points at. */
  id: string;
  label: string;
  need?: 'required' | 'optional';
  error?: string | undefined;
  help?: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <FormGroup
      label={label}
      labelFor={id}
      labelInfo={
        need === 'required'
          ? t('common.required')
          : need === 'optional'
            ? t('moderation.form.optional')
            : undefined
      }
      helperText={error ? t(error) : help}
      intent={error ? Intent.DANGER : Intent.NONE}
    >
      {children}
    </FormGroup>
  );
}
