import { describe, expect, it } from 'vitest';
import { BATCH_STATES, CODE_KINDS, CODE_STATES } from '../../shared/api/giftCodes.js';
import { flattenKeys } from '../i18n/catalogue.js';
import { loadCatalogue } from '../i18n/resources.js';
import { fieldsOf, invalidKeyOf } from '../kit/form/bound.js';
import { batchForm } from './batchForm.js';

/** Keys the screens build from data (states, kinds, fields), which the app-wide test cannot see. */
const zh = flattenKeys(await loadCatalogue('zh-CN'));
const en = flattenKeys(await loadCatalogue('en'));
const both = (key: string) => {
  expect(zh.has(key), `zh-CN lacks ${key}`).toBe(true);
  expect(en.has(key), `en lacks ${key}`).toBe(true);
};

/** The texts each kind says in its own words. */
const KIND_TEXTS = [
  'intro',
  'grant',
  'empty',
  'newBatch',
  'createTitle',
  'createIntro',
  'createSubmit',
  'created',
  'disableWarning',
  'enableWarning',
  'codeDisableWarning',
  'codeEnableWarning',
];

describe('activation-code and shop-ticket texts', () => {
  it('name every batch and code state', () => {
    for (const s of BATCH_STATES) both(`giftCodes.batchState.${s}`);
    for (const s of CODE_STATES) both(`giftCodes.codeState.${s}`);
  });

  it('say each kind’s own texts and every field error of the form', () => {
    for (const kind of CODE_KINDS) {
      for (const part of KIND_TEXTS) both(`giftCodes.${kind}.${part}`);
      const form = batchForm('lw', kind, 2, 0);
      const parts = new Set(['kind', 'rewards', 'shopItemId']);
      for (const f of fieldsOf(form).filter((f) => !parts.has(f))) {
        both(invalidKeyOf(form, f, form.initial));
        if (f !== 'grant') both(`giftCodes.fields.${f}.label`);
      }
    }
    for (const k of ['duplicateReward', 'validOrder']) both(`giftCodes.invalid.${k}`);
  });
});
