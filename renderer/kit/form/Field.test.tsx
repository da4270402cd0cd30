import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { Field } from './Field.js';
import type { BoundState } from './useBoundForm.js';

await i18next.use(initReactI18next).init({
  lng: 'en',
  resources: {
    en: {
      translation: {
        common: { required: '(required)' },
        demo: { fields: { secret: { label: 'Secret', help: 'Ten or more', invalid: 'Too short' } } },
      },
    },
  },
});

type Draft = { secret: string };

const formWith = (errors: BoundState<Draft, 'secret'>['errors']): BoundState<Draft, 'secret'> => ({
  draft: { secret: 'typed' },
  change: () => undefined,
  errors,
  bound: { name: 'demo', texts: 'demo.fields', required: () => true, idOf: (f) => `demo-${f}` },
});

const render = (errors: BoundState<Draft, 'secret'>['errors']) =>
  renderToStaticMarkup(
    <Field
      of={formWith(errors)}
      name="secret"
      type="password"
      leftIcon="lock"
      rightElement={<button type="button" data-testid="demo-toggle" />}
    />,
  );

describe('a bound field', () => {
  it('names its input after its field, with the id, test id and icons beside it', () => {
    const html = render({});
    expect(html).toMatch(/<input[^>]*id="demo-secret"/);
    expect(html).toMatch(/<input[^>]*name="secret"/);
    expect(html).toMatch(/<input[^>]*data-testid="demo-secret"/);
    expect(html).toContain('data-testid="demo-toggle"');
    expect(html).toContain('bp6-icon-lock');
  });

  it('says its help, then its error, on a line with a test id of its own', () => {
    expect(render({})).toContain('<span data-testid="demo-secret-help">Ten or more</span>');
    expect(render({ secret: 'demo.fields.secret.invalid' })).toContain(
      '<span data-testid="demo-secret-help">Too short</span>',
    );
  });
});
