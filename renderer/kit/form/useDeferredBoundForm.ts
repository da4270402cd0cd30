import { useEffect, useState } from 'react';
import type { EndpointId } from '../../../shared/api/table.js';
import { onIdle } from '../idle.js';
import { useForm } from '../useForm.js';
import { formSpecOf, type SchemaRules } from './boundForm.js';
import type { BoundSpec } from './boundSpec.js';

let loaded: SchemaRules | null = null;
let loading: Promise<SchemaRules> | undefined;

/** The schema's rules (bound.ts, and with it the endpoints' table and zod); tried again after a failure. */
export function loadSchemaRules(): Promise<SchemaRules> {
  loading ??= import('./bound.js').then(
    (m) => (loaded = m),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

const rules = () => loaded;

/**
 * useBoundForm for a form on the first paint (sign-in, the first run): the same fields, texts,
 * checks and focus, but the schema's code is fetched once the page is idle, not with the page, so
 * the first paint carries no zod. A submit that comes sooner waits for it (the form is pending
 * meanwhile); the required marks appear when it is there.
 */
export function useDeferredBoundForm<E extends EndpointId, D extends object>(spec: BoundSpec<E, D>) {
  const [, setHave] = useState(loaded !== null);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    const cancel = onIdle(() => {
      loadSchemaRules().then(
        () => live && setHave(true),
        // A failed fetch is tried again by the submit, which shows the failure if it fails again.
        () => undefined,
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, []);
  const { form, bound } = formSpecOf(spec, rules);
  const ready = loaded ? undefined : () => loadSchemaRules().then(() => undefined);
  return { ...useForm(ready ? { ...form, ready } : form), bound };
}
