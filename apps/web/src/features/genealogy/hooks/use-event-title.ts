import type { PersonEvent } from '@bagysh/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/person';

type Titled = Pick<PersonEvent, 'type' | 'custom_type'>;

/** An event's name: the type's Kyrgyz word, or an 'other' event's own type. */
export function useEventTitle(): (event: Titled) => string {
  const { t } = useTranslation('person');
  return useCallback(
    (event: Titled) =>
      event.type === 'other' ? (event.custom_type ?? t('event.other')) : t(`event.${event.type}`),
    [t],
  );
}
