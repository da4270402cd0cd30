import { NonIdealState, type NonIdealStateProps } from '@blueprintjs/core';

/** NonIdealState drops unknown props, so the test id sits on a wrapper the tests can find. */
export function EmptyState({ testId, ...props }: NonIdealStateProps & { testId: string }) {
  return (
    <div className="empty-state" data-testid={testId}>
      <NonIdealState {...props} />
    </div>
  );
}
