import type { PlaceSummary } from '@bagysh/shared';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/person-edit';
import { useScript } from '../../../lib/script';
import { usePlaceOptions } from '../api/person-records-api';
import type { PlaceChoice } from '../lib/records-form';
import { useLayer } from './record-dialog';
import { useDebounced } from './person-search';

/**
 * An event's place: one of the places found for the text typed (by id), or the text itself,
 * which the API matches to a place of that name or makes a new one.
 */
export function PlaceField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: PlaceChoice;
  onChange: (value: PlaceChoice) => void;
  error?: string;
}) {
  const { t } = useTranslation('personEdit');
  const script = useScript();
  const layer = useLayer();
  const query = useDebounced(value.id === null ? value.name.trim() : '');
  const places = usePlaceOptions(query);
  const rows = places.data?.results ?? [];
  const typedNew = value.id === null && value.name.trim() !== '';
  return (
    <Autocomplete<PlaceSummary | string, false, false, true>
      id={id}
      freeSolo
      options={rows}
      value={
        value.id === null ? value.name : { ...emptyPlace, id: value.id, full_name: value.name }
      }
      inputValue={value.name}
      onInputChange={(_event, text, reason) => {
        // Choosing a row fills the box with its name: the choice (with its id) came first.
        if (reason === 'input' || reason === 'clear') onChange({ id: null, name: text });
      }}
      onChange={(_event, chosen) => {
        if (chosen === null) onChange({ id: null, name: '' });
        else if (typeof chosen === 'string') onChange({ id: null, name: chosen });
        else onChange({ id: chosen.id, name: chosen.full_name });
      }}
      filterOptions={(list) => list}
      slotProps={{ popper: layer.popper }}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.full_name)}
      getOptionKey={(option) => (typeof option === 'string' ? option : option.id)}
      isOptionEqualToValue={(option, chosen) =>
        typeof option !== 'string' && typeof chosen !== 'string' && option.id === chosen.id
      }
      loading={places.isFetching}
      loadingText={script.text(t('searching'))}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            {script.text(typeof option === 'string' ? option : option.full_name)}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={script.field(t('event.place'))}
          error={Boolean(error)}
          helperText={script.text(
            error ??
              (typedNew ? t('event.placeNew', { name: value.name.trim() }) : t('event.placeHelp')),
          )}
        />
      )}
    />
  );
}

const emptyPlace: PlaceSummary = {
  id: 0,
  name: '',
  alt_names: [],
  parent_id: null,
  full_name: '',
  latitude: null,
  longitude: null,
};
