import { createContext, useCallback, useContext, useMemo, useRef, type ReactNode } from 'react';
import { Intent, OverlayToaster, Position } from '@blueprintjs/core';
import { TOAST_TIMEOUT_MS } from '../../shared/constants.js';

export interface Toasts {
  /** Success notices hide by themselves after the spec's toast time. */
  success(message: string): void;
  /** Failures stay until dismissed: an operator must not miss them. */
  error(message: string): void;
}

const ToastContext = createContext<Toasts | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const ref = useRef<OverlayToaster | null>(null);
  const success = useCallback((message: string) => {
    ref.current?.show({ message, intent: Intent.SUCCESS, icon: 'tick', timeout: TOAST_TIMEOUT_MS });
  }, []);
  const error = useCallback((message: string) => {
    ref.current?.show({ message, intent: Intent.DANGER, icon: 'error', timeout: 0 });
  }, []);
  const value = useMemo(() => ({ success, error }), [success, error]);
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
