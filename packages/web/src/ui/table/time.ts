// Re-rendering on the clock: a countdown's tick, and a moment that comes (a held trick's end).
import { useEffect, useState } from 'preact/hooks';

/** Re-render every `ms` while mounted. */
export function useTick(ms: number) {
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), ms);
    return () => clearInterval(timer);
  }, [ms]);
}

/** Re-render when `until` (this browser's ms) comes. */
export function useRerenderAt(until: number | null) {
  const [, tick] = useState(0);
  useEffect(() => {
    if (until === null) return;
    const timer = setTimeout(() => tick((n) => n + 1), Math.max(0, until - Date.now()) + 20);
    return () => clearTimeout(timer);
  }, [until]);
}

/** Whole seconds left until `until` (this browser's ms), never below 0. */
export const secondsLeft = (until: number) => Math.max(0, Math.ceil((until - Date.now()) / 1000));
