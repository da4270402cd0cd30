import { useTranslation } from 'react-i18next';

/**
 * The first tab stop of every signed-in page: hidden until focused, it moves the focus past the
 * top bar and the menu to the page itself. A button, not an in-page `#anchor` link: with hash
 * routing such a link would be read as a route.
 */
export function SkipLink({ target }: { target: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="skip-link"
      onClick={() => {
        const main = document.getElementById(target);
        main?.focus();
        main?.scrollIntoView({ block: 'start' });
      }}
      data-testid="skip-link"
    >
      {t('a11y.skipToContent')}
    </button>
  );
}
