import type { ReactNode } from 'react';
import { HTMLTable } from '@blueprintjs/core';

/**
 * One fact: what it is called, its value, and optionally a stable key (for tests and support:
 * the row then carries it as `data-fact`, and `${testId}-row-${key}` as its test id).
 */
export type Fact = readonly [label: string, value: ReactNode, key?: string];

/**
 * Facts about one thing as name and value rows (a log entry, a watched server, the About box, an
 * order as the payment service sees it).
 */
export function FactsTable({
  facts,
  className,
  testId,
}: {
  facts: readonly Fact[];
  className: string;
  testId?: string;
}) {
  return (
    <HTMLTable compact className={className} data-testid={testId}>
      <tbody>
        {facts.map(([label, value, key]) => (
          <tr
            key={key ?? label}
            data-fact={key}
            data-testid={key !== undefined && testId ? `${testId}-row-${key}` : undefined}
          >
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
