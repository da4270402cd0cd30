import type { ReactNode } from 'react';
import { FormGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/**
 * One field of a form: its label, whether it is required or optional, and under it the field's
 * error (an i18n key) or else its help.
 */
export function FormField({
  id,
  label,
  need,
  error,
  help,
  danger,
  className,
  helpTestId,
  children,
}: {
  /** The input's id, which the label points at. */
  id: string;
  label: string;
  need?: 'required' | 'optional';
  error?: string | undefined;
  /** What the field says when it has no error: a text, or a state (a spinner while it checks). */
  help?: ReactNode;
  /** Wrong for a reason outside the form's check (a player the server does not know). */
  danger?: boolean;
  className?: string;
  /** The test id of the line under the field (its error, else its help), where it is checked. */
  helpTestId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const said = error ? t(error) : help;
  const helperText = said && helpTestId ? <span data-testid={helpTestId}>{said}</span> : said;
  return (
    <FormGroup
      label={label}
      labelFor={id}
      labelInfo={
        need === 'required' ? t('common.required') : need === 'optional' ? t('kit.form.optional') : undefined
      }
      {...(helperText ? { helperText } : {})}
      intent={error || danger ? Intent.DANGER : Intent.NONE}
      {...(className ? { className } : {})}
    >
      {children}
    </FormGroup>
  );
}
