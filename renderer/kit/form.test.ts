import { describe, expect, it } from 'vitest';
import { errorsAfterChange, errorsFromIssues, fieldsFromIssues, outcome } from './form.js';
import { schemaErrors } from './form/bound.js';

const FIELDS = ['playerId', 'category', 'note'] as const;
type Field = (typeof FIELDS)[number];
const keyOf = (f: Field) => `moderation.invalid.specialUsers.${f}`;

describe('the form kit', () => {
  it("checks a draft by the endpoint's own schema, on the form's fields only", () => {
    const errors = schemaErrors(
      'specialUsers.create',
      { game: 'lw', playerId: 'x7', category: 'gm', note: 'n'.repeat(201) },
      FIELDS,
      keyOf,
      { reasonLater: true },
    );
    expect(errors).toEqual({ playerId: keyOf('playerId'), note: keyOf('note') });
  });

  it('applies the contract text rule to every field, as the server does', () => {
    const errors = schemaErrors(
      'specialUsers.create',
      { game: 'lw', playerId: '77', category: 'gm', note: 'partner\u0000' },
      FIELDS,
      keyOf,
      { reasonLater: true },
    );
    expect(errors).toEqual({ note: keyOf('note') });
  });

  it('leaves the reason to the confirmation when it is asked later', () => {
    const draft = { game: 'lw', playerId: '77', category: 'gm', note: '' };
    expect(schemaErrors('specialUsers.create', draft, FIELDS, keyOf, { reasonLater: true })).toEqual({});
    // Without reasonLater the missing reason is the schema's complaint, on a field the form lacks.
    expect(schemaErrors('specialUsers.create', draft, FIELDS, keyOf)).toEqual({});
    expect(schemaErrors('specialUsers.create', draft, [...FIELDS, 'reason'], (f) => f)).toEqual({
      reason: 'reason',
    });
  });

  it("maps a refused call's field details back to the form's fields", () => {
    const issues = [
      { path: 'note', message: 'too long' },
      { path: 'note.0', message: 'again' },
      { path: 'reason', message: 'too short' },
      { path: '(body)', message: 'x' },
    ];
    expect(fieldsFromIssues(issues, FIELDS)).toEqual(['note']);
    expect(errorsFromIssues(issues, FIELDS, keyOf)).toEqual({ note: keyOf('note') });
  });

  it('clears the errors of what the operator changed', () => {
    const errors = { playerId: 'a', category: 'b', note: 'c' };
    expect(errorsAfterChange<{ playerId: string }, Field>(errors, ['playerId'], (k) => [k as Field])).toEqual(
      {
        category: 'b',
        note: 'c',
      },
    );
  });

  it('sends the input only when nothing is wrong', () => {
    expect(outcome({ a: 1 }, {})).toEqual({ ok: true, input: { a: 1 } });
    expect(outcome({ a: 1 }, { note: 'x' })).toEqual({ ok: false, errors: { note: 'x' } });
  });
});
