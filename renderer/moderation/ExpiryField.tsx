import { Button, ButtonGroup, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../components/format.js';
import { useLanguage } from '../i18n/i18n.js';
import {
  EXPIRY_CHOICES,
  localInputToIso,
  quickExpiry,
  toLocalInput,
  typedExpiry,
  type ExpiryValue,
} from './expiry.js';

/**
 * When a ban or a blacklist entry stops applying: quick choices, or a moment of the operator's
 * own. Shared by the ban dialog and the blacklist form so both read and send expiries alike.
 */
export function ExpiryField({
  value,
  onChange,
  error,
}: {
  value: ExpiryValue;
  onChange: (v: ExpiryValue) => void;
  /** i18n key of what is wrong, if anything. */
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const iso = value.local ? localInputToIso(value.local) : null;
  const helper = error
    ? t(error)
    : iso
      ? t('moderation.expiry.until', { time: formatDateTime(iso, lang) })
      : value.choice === 'never'
        ? t('moderation.expiry.forever')
        : t('moderation.expiry.help');
  return (
    <FormGroup
      label={t('moderation.expiry.label')}
      labelFor="expiry-at"
      labelInfo={t('moderation.expiry.optional')}
      helperText={helper}
      intent={error ? Intent.DANGER : Intent.NONE}
      className="expiry-field"
    >
      <ButtonGroup className="expiry-choices">
        {EXPIRY_CHOICES.map((c) => (
          <Button
            key={c}
            text={t(`moderation.expiry.choice.${c}`)}
            active={value.choice === c}
            aria-pressed={value.choice === c}
            onClick={() => onChange(quickExpiry(c, new Date()))}
            data-testid={`expiry-${c}`}
          />
        ))}
      </ButtonGroup>
      <InputGroup
        id="expiry-at"
        type="datetime-local"
        className="expiry-at"
        value={value.local}
        min={toLocalInput(new Date())}
        onChange={(e) => onChange(typedExpiry(e.currentTarget.value, e.currentTarget.validity.badInput))}
        intent={error ? Intent.DANGER : Intent.NONE}
        aria-label={t('moderation.expiry.at')}
        data-testid="expiry-at"
      />
    </FormGroup>
  );
}
