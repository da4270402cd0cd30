import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { bridge } from '../bridge/bridge.js';

/** How often the page reads the states again while it is shown: response times, players. */
export const REFRESH_MS = 5000;

/**
 * Keeps the status page live without a reload. Every alert main receives (its long-poll of the
 * backend's alert log, delivered as 'alerts:new') refetches the watch list, the open server and
 * the notices at once, so a server going down shows the moment its alert arrives; between alerts a
 * quiet refetch every REFRESH_MS brings the figures that raise no alert (response time, online
 * players, a state going from unknown to up). Hidden windows skip the timer.
 */
export function useLiveWatch(): void {
  const qc = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      void qc.invalidateQueries({ queryKey: ['serverWatch'] });
      void qc.invalidateQueries({ queryKey: ['notices'] });
    };
    const off = bridge().on('alerts:new', refresh);
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'hidden') refresh();
    }, REFRESH_MS);
    return () => {
      off();
      window.clearInterval(timer);
    };
  }, [qc]);
}
