import { useCallback, useState } from 'react';

/** Where a copy to the clipboard stands: not tried, done, or refused (no permission, no focus). */
export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A text put on the clipboard, and how it went, for the button that does it to say so (a tick
 * once copied; the refusal said beside it, since the operator must then select the text by hand).
 */
export function useCopy() {
  const [state, setState] = useState<CopyState>('idle');
  const copy = (text: string) => {
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  // Stable, so an effect that starts afresh may call it.
  const reset = useCallback(() => setState('idle'), []);
  return { state, copy, reset };
}
