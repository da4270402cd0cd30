/**
 * The server's clock: milliseconds since the epoch. Everything that reads the time takes one, so
 * tests can move time (the watch engine's checks, sessions' expiry, the delivery job).
 */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
