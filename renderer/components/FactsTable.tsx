import type { ReactNode } from 'react';
import { HTMLTable } from '@blueprintjs/core';

/** Facts about one thing as name and value rows (a log entry, a watched server), in a drawer. */
export function FactsTable({
  facts,
  className,
}: {
  facts: readonly (readonly [string, ReactNode])[];
  className: string;
}) {
  return (
    <HTMLTable compact className={className}>
      <tbody>
        {facts.map(([k, v]) => (
          <tr key={k}>
            <th>{k}</th>
            <td>{v}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
