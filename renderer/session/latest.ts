/**
 * Answers about the session can arrive out of order: a session:get asked at start-up may answer
 * after the operator has already signed in. Each answer takes a ticket when it is asked for; an
 * answer whose ticket is older than the last one applied is stale and dropped.
 */
export interface Latest {
  /** A ticket for an answer asked for now. */
  ask(): number;
  /** Whether the answer with this ticket may be applied (it is then the latest). */
  accept(ticket: number): boolean;
}

export function createLatest(): Latest {
  let asked = 0;
  let applied = 0;
  return {
    ask: () => ++asked,
    accept: (ticket) => {
      if (ticket < applied) return false;
      applied = ticket;
      return true;
    },
  };
}
