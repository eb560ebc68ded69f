import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import '../../../lib/i18n/areas/places-map';
import { useScript } from '../../../lib/script';
import { MapView, type MapScope } from './map-view';
import { PlaceView } from './place-view';

/** A route's id parameter, or null when it is not a row id. */
export function idParam(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/**
 * The two map pages in one chunk (and one lazy Leaflet): /map with `?person=` or `?branch=`,
 * and /places/{id} (docs/product.md, Routes).
 */
export default function MapPages({
  placeId,
  search,
}: {
  placeId: string | undefined;
  search: URLSearchParams;
}) {
  const { t } = useTranslation();
  const { t: m } = useTranslation('placesMap');
  const script = useScript();
  if (placeId !== undefined) {
    const id = idParam(placeId);
    if (id === null) {
      return (
        <PageHeading title={t('titles.place')}>
          <Alert severity="info" sx={{ mt: 2 }}>
            {script.text(m('place.notFound'))}
          </Alert>
        </PageHeading>
      );
    }
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        <PlaceView key={id} id={id} />
      </Container>
    );
  }
  const scope: MapScope = {
    person: idParam(search.get('person')),
    branch: idParam(search.get('branch')),
  };
  return (
    <PageHeading title={t('titles.map')}>
      <MapView scope={scope} />
    </PageHeading>
  );
}
