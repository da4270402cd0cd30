import { useState } from 'react';
import { HTMLSelect } from './HTMLSelect.js';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, Codes, type Language } from '../../shared/codes.js';
import { bridge } from '../bridge/bridge.js';
import { asResultError } from '../bridge/result.js';
import { changeLanguage, toLanguage, useLanguage } from '../i18n/i18n.js';
import { useToasts } from './Toaster.js';
import { errorSentence } from './errorText.js';

/** Saved through main's settings, so the console opens in the same language next time. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);

  const onChange = async (next: Language) => {
    if (next === lang) return;
    setBusy(true);
    try {
      const result = await bridge().settings.set({ language: next });
      if (result.ok) await changeLanguage(next);
      else toasts.error(`${t('language.saveFailed')}: ${errorSentence(result.error, lang)}`);
    } catch (err) {
      toasts.error(`${t('language.saveFailed')}: ${errorSentence(asResultError(err, Codes.NETWORK), lang)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <HTMLSelect
      value={lang}
      disabled={busy}
      onChange={(e) => void onChange(toLanguage(e.currentTarget.value))}
      aria-label={t('language.label')}
      data-testid="language-switch"
      minimal
    >
      {LANGUAGES.map((l) => (
        <option key={l} value={l}>
          {t(`language.name.${l}`)}
        </option>
      ))}
    </HTMLSelect>
  );
}
