import { createContext, useCallback, useContext, useMemo, useRef, type ReactNode } from 'react';
import { Button, Intent, OverlayToaster, Position } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { toastTimeout } from './toastTimeout.js';
import '../kit/kit.css';
import { useCopy } from '../kit/useCopy.js';

export interface Toasts {
  /**
   * A success notice. A short one hides after the spec's toast time; one with `copy` (an id, a
   * code) shows it with a copy button and stays longer. Either waits while hovered.
   */
  success(message: string, options?: { copy?: string }): void;
  /**
   * A result the operator must read (what a repair changed, the file an export wrote): it stays
   * until dismissed, with its close button, however long the operator takes to read it.
   */
  result(message: string): void;
  /** Failures stay until dismissed: an operator must not miss them. */
  error(message: string): void;
}

const ToastContext = createContext<Toasts | null>(null);

/** The id a toast carries, and a button that puts it on the clipboard. */
function CopyableMessage({ message, copy }: { message: string; copy: string }) {
  const { t } = useTranslation();
  const { state, copy: put } = useCopy();
  return (
    <span className="toast-copyable">
      {message} <code data-testid="toast-copy-text">{copy}</code>{' '}
      <Button
        size="small"
        variant="outlined"
        icon={state === 'copied' ? 'tick' : 'duplicate'}
        text={state === 'copied' ? t('kit.toast.copied') : t('kit.toast.copy')}
        onClick={() => put(copy)}
        data-testid="toast-copy"
      />
      {state === 'failed' && <span className="toast-copy-failed"> {t('kit.toast.copyFailed')}</span>}
    </span>
  );
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const ref = useRef<OverlayToaster | null>(null);
  const success = useCallback((message: string, options?: { copy?: string }) => {
    const copy = options?.copy;
    ref.current?.show({
      message: copy ? <CopyableMessage message={message} copy={copy} /> : message,
      intent: Intent.SUCCESS,
      icon: 'tick',
      timeout: toastTimeout(copy ? { kind: 'success', copy } : { kind: 'success' }),
    });
  }, []);
  const result = useCallback((message: string) => {
    ref.current?.show({
      message: <span data-testid="toast-result">{message}</span>,
      intent: Intent.SUCCESS,
      icon: 'tick',
      timeout: toastTimeout({ kind: 'result' }),
    });
  }, []);
  const error = useCallback((message: string) => {
    ref.current?.show({
      message,
      intent: Intent.DANGER,
      icon: 'error',
      timeout: toastTimeout({ kind: 'error' }),
    });
  }, []);
  const value = useMemo(() => ({ success, result, error }), [success, result, error]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <OverlayToaster ref={ref} position={Position.TOP} maxToasts={4} />
    </ToastContext.Provider>
  );
}

export function useToasts(): Toasts {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToasts outside ToastProvider');
  return ctx;
}
