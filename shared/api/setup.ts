import { z } from 'zod';
import { PUBLIC } from '../roles.js';
import { feature } from '../pages.js';
import { endpoint } from './endpoint.js';
import { phoneSchema, operatorNameSchema, passwordSchema } from './users.js';

/**
 * First run of an embedded backend. A fresh desktop install holds no operator and no known
 * password: the first person at the console either creates the first super-admin, or chooses the
 * demo data explicitly (demo operators whose password is published, shown by a banner for as long
 * as they exist).
 *
 * These calls answer only on the desktop app's embedded backend, which takes requests from main
 * alone (each carries the launch key main gave it). A standalone server refuses them: there the
 * first super-admin is made on the command line (`npm run server -- create-super`).
 */

export const SETUP_STATES = ['needed', 'demo', 'ready'] as const;
export type SetupState = (typeof SETUP_STATES)[number];

export const setupStatusSchema = z.object({
  /** needed: no operator yet; demo: demo operators with the published password exist; ready. */
  state: z.enum(SETUP_STATES),
});
export type SetupStatus = z.infer<typeof setupStatusSchema>;

/** `super` needs phone, name and password; `demo` takes none of them. */
export const setupInitSchema = z
  .strictObject({
    mode: z.enum(['super', 'demo']),
    phone: phoneSchema.optional(),
    name: operatorNameSchema.optional(),
    password: passwordSchema.optional(),
  })
  .superRefine((v, ctx) => {
    const fields = ['phone', 'name', 'password'] as const;
    for (const f of fields) {
      if (v.mode === 'super' && v[f] === undefined)
        ctx.addIssue({ code: 'custom', path: [f], message: 'needed to create the first super-admin' });
      if (v.mode === 'demo' && v[f] !== undefined)
        ctx.addIssue({ code: 'custom', path: [f], message: 'the demo data brings its own operators' });
    }
  });
export type SetupInit = z.input<typeof setupInitSchema>;

export const setupEndpoints = {
  'setup.status': endpoint({
    service: 'admin',
    method: 'GET',
    path: '/admin/setup',
    summary: 'Whether this embedded backend still needs its first operator, or runs on demo data.',
    access: PUBLIC,
    embeddedOnly: true,
    input: z.strictObject({}),
    output: setupStatusSchema,
  }),
  'setup.init': endpoint({
    service: 'admin',
    method: 'POST',
    path: '/admin/setup',
    summary:
      'First run only (refused once any operator exists): create the first SUPER operator, or ' +
      'load the demo operators (their password is published; the console shows a banner).',
    access: PUBLIC,
    embeddedOnly: true,
    // Recorded in the audit log by the server with the operator it created (or "demo").
    audit: true,
    input: setupInitSchema,
    output: setupStatusSchema,
  }),
};

export const setupFeature = feature({ id: 'setup', endpoints: setupEndpoints });
