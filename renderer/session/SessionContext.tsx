import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { GUEST_USER, type SessionState } from '../../shared/session.js';
import type { AppInfo } from '../../shared/ipc.js';
import { Codes } from '../../shared/codes.js';
import type { ResultError } from '../../shared/envelope.js';
import { bridge, earlyValue, takeEarly } from '../bridge/bridge.js';
import { asResultError } from '../bridge/result.js';
import { createLatest } from './latest.js';
import type { SessionEndEvent } from './notices.js';

/**
 * The session as main reports it. Main owns the tokens; the renderer only mirrors who is signed
 * in (session:get, session:changed) and learns when a session ends by itself (session:expired).
 */
export interface SessionContextValue {
  /** null until main has answered once. */
  state: SessionState | null;
  /** Set when main could not be asked at all (the bridge's transport failed). */
  loadError: ResultError | null;
  ended: readonly SessionEndEvent[];
  /** The last session end since the operator last signed in: the login page explains it. */
  lastEnd: SessionEndEvent | null;
  /** What main says about the app and its backend (first-run state included); null until known. */
  appInfo: AppInfo | null;
  /** True until main has answered app.info once (or could not be asked). */
  appInfoPending: boolean;
  /** Takes a state main returned (after sign-in or sign-out) without waiting for the event. */
  apply(state: SessionState): void;
  /** Takes the app info main returned (after first-run setup) without asking again. */
  applyAppInfo(info: AppInfo): void;
  /** Asks main again (after the settings changed, the backend may have too). */
  reloadAppInfo(): Promise<void>;
  reload(): Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // What main answered while the console started (main.tsx waits for it), so the first render
  // routes at once; later answers come through reload and the events.
  const [startState] = useState(() => earlyValue<SessionState>('session'));
  const [startInfo] = useState(() => earlyValue<AppInfo>('appInfo'));
  const [state, setState] = useState<SessionState | null>(startState ?? null);
  const [loadError, setLoadError] = useState<ResultError | null>(null);
  const [ended, setEnded] = useState<SessionEndEvent[]>([]);
  const [lastEnd, setLastEnd] = useState<SessionEndEvent | null>(null);
  const [appInfo, setAppInfo] = useState<AppInfo | null>(startInfo ?? null);
  const [appInfoPending, setAppInfoPending] = useState(startInfo === undefined);
  const owner = useRef<string | null>(startState?.signedIn ? startState.user.phone : null);
  const latest = useRef(createLatest());

  const applyAnswer = useCallback(
    (next: SessionState, ticket: number) => {
      if (!latest.current.accept(ticket)) return;
      // Cached data belongs to the operator who fetched it; never show it to the next one.
      const who = next.signedIn ? next.user.phone : null;
      if (owner.current !== who) queryClient.clear();
      owner.current = who;
      if (next.signedIn) setLastEnd(null);
      setState(next);
    },
    [queryClient],
  );

  const apply = useCallback((next: SessionState) => applyAnswer(next, latest.current.ask()), [applyAnswer]);

  const reload = useCallback(async () => {
    const ticket = latest.current.ask();
    try {
      applyAnswer(await takeEarly('session', () => bridge().session.get()), ticket);
      setLoadError(null);
    } catch (err) {
      setLoadError(asResultError(err, Codes.NETWORK));
    }
  }, [applyAnswer]);

  const infoTickets = useRef(createLatest());
  const applyInfo = useCallback((info: AppInfo, ticket: number) => {
    if (infoTickets.current.accept(ticket)) setAppInfo(info);
  }, []);
  const applyAppInfo = useCallback(
    (info: AppInfo) => applyInfo(info, infoTickets.current.ask()),
    [applyInfo],
  );
  const reloadAppInfo = useCallback(async () => {
    const ticket = infoTickets.current.ask();
    try {
      applyInfo(await takeEarly('appInfo', () => bridge().app.info()), ticket);
    } catch {
      // The app info only adds to the screens (first run, demo banner); they work without it.
    } finally {
      setAppInfoPending(false);
    }
  }, [applyInfo]);

  useEffect(() => {
    const offChanged = bridge().on('session:changed', apply);
    const offExpired = bridge().on('session:expired', (e) => {
      const event = { reason: e.reason, message: e.message, atMs: Date.now() };
      setEnded((prev) => [...prev, event]);
      setLastEnd(event);
      setState((prev) => (prev ? { ...prev, signedIn: false, user: GUEST_USER } : prev));
      void reload();
    });
    // Answers already used for the first render are taken, not asked again.
    if (startState) void takeEarly('session', () => Promise.resolve(startState));
    else void reload();
    if (startInfo) void takeEarly('appInfo', () => Promise.resolve(startInfo));
    else void reloadAppInfo();
    return () => {
      offChanged();
      offExpired();
    };
  }, [apply, reload, reloadAppInfo, startState, startInfo]);

  const value = useMemo(
    () => ({
      state,
      loadError,
      ended,
      lastEnd,
      appInfo,
      appInfoPending,
      apply,
      applyAppInfo,
      reloadAppInfo,
      reload,
    }),
    [state, loadError, ended, lastEnd, appInfo, appInfoPending, apply, applyAppInfo, reloadAppInfo, reload],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession outside SessionProvider');
  return ctx;
}
