import type { FormEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Intent, IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { useToasts } from '../components/Toaster.js';
import { FormFrame } from './FormFrame.js';

/**
 * The parts of a create page's texts, under its prefix (`moderation.blacklist.create`): the
 * intro, the submit button, then the confirmation's title, warning, confirm button and failure,
 * and the toast when it is done.
 */
export const CONFIRMED_FORM_TEXTS = [
  'intro',
  'submit',
  'title',
  'warning',
  'confirm',
  'failed',
  'done',
] as const;
export type ConfirmedFormText = (typeof CONFIRMED_FORM_TEXTS)[number];

/**
 * A create page whose reason is asked in a confirmation: the form frame, then a dialog naming
 * what will be created (the game, the target…), which takes the reason, sends, says it is done
 * (with the new entry's id to copy) and goes back to the list.
 */
export function ConfirmedForm<R>({
  name,
  texts,
  state,
  names,
  intent,
  icon,
  listPath,
  copy,
  children,
}: {
  /** Test ids start with it: `<name>-create-form`, `<name>-submit`, `<name>-create-dialog`. */
  name: string;
  texts: string;
  /** The page's useConfirmedForm. */
  state: {
    errors: object;
    note: string | null;
    error: unknown;
    pending: boolean;
    onSubmit: (e: FormEvent) => void;
    confirming: unknown;
    cancel: () => void;
    confirm: (reason: string) => Promise<R | undefined>;
  };
  /** What the texts name (the game, the target…), for the intro and, once checked, the confirmation. */
  names: Record<string, string>;
  intent: Intent;
  icon: IconName;
  listPath: string;
  /** The created entry's id, offered for copying in the toast. */
  copy?: (created: R) => string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toasts = useToasts();
  const text = (part: ConfirmedFormText) => t(`${texts}.${part}`, names);
  return (
    <>
      <FormFrame
        name={name}
        testId={`${name}-create-form`}
        intro={text('intro')}
        state={state}
        failedTitle={text('failed')}
        submit={{ icon, text: text('submit'), intent }}
        cancelTo={listPath}
        onSubmit={state.onSubmit}
      >
        {children}
      </FormFrame>
      <ReasonConfirmDialog
        isOpen={state.confirming !== null}
        onClose={state.cancel}
        title={text('title')}
        warning={text('warning')}
        confirmText={text('confirm')}
        failedTitle={text('failed')}
        icon={icon}
        intent={intent}
        onConfirm={async (reason) => {
          const created = await state.confirm(reason);
          const id = created === undefined ? undefined : copy?.(created);
          toasts.success(text('done'), id ? { copy: id } : undefined);
        }}
        onDone={() => void navigate(listPath)}
        testId={`${name}-create-dialog`}
      />
    </>
  );
}
