import { useTranslation } from 'react-i18next';
import type { Season } from '../../shared/api/leaderboards.js';
import { formatDateTime } from '../components/format.js';
import { useLanguage } from '../i18n/i18n.js';

/**
 * When a season starts and ends, as moments in the operator's time: a season's bounds are
 * instants, so a moment reads right in any zone where a bare day could be off by one.
 */
export function SeasonDates({ season }: { season: Season }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <span className="season-dates" data-testid={`season-dates-${season.id}`}>
      {t('leaderboards.season.span', {
        from: formatDateTime(season.startsAt, lang),
        to: formatDateTime(season.endsAt, lang),
      })}
    </span>
  );
}
