import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/person-edit';
import { useScript } from '../../../lib/script';
import { useLayer } from './record-dialog';
import { useDebounced } from './person-search';

/** What a picker's lookup gives: the rows for the text typed, and whether it is still busy. */
export interface PickerOptions<T> {
  data?: { results: T[] };
  isFetching: boolean;
  isError: boolean;
  error: Error | null;
}

interface RecordPickerProps<T extends { id: number }> {
  id: string;
  label: string;
  help?: string;
  value: T | null;
  onChange: (value: T | null) => void;
  /** The lookup of the text typed (debounced): places, sources, notes or files. */
  useOptions: (q: string) => PickerOptions<T>;
  getLabel: (option: T) => string;
  error?: string;
  autoFocus?: boolean;
}

/**
 * A shared record (source, note, file) chosen by typing: the API's rows for the text in the
 * box, keyboard as Autocomplete gives it (arrows, Enter, Escape).
 */
export function RecordPicker<T extends { id: number }>({
  id,
  label,
  help,
  value,
  onChange,
  useOptions,
  getLabel,
  error,
  autoFocus,
}: RecordPickerProps<T>) {
  const { t } = useTranslation('personEdit');
  const script = useScript();
  const layer = useLayer();
  const [input, setInput] = useState('');
  const typed = value && input === getLabel(value) ? '' : input.trim();
  const query = useDebounced(typed);
  const options = useOptions(query);
  const rows = options.data?.results ?? [];
  return (
    <Autocomplete<T, false, false, false>
      id={id}
      options={value && !rows.some((row) => row.id === value.id) ? [value, ...rows] : rows}
      value={value}
      onChange={(_event, chosen) => onChange(chosen)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      filterOptions={(list) => list}
      getOptionLabel={getLabel}
      getOptionKey={(option) => option.id}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={options.isFetching}
      loadingText={script.text(t('searching'))}
      noOptionsText={script.text(options.isError ? options.error?.message : t('noOptions'))}
      autoHighlight
      slotProps={{ popper: layer.popper }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={script.field(label)}
          autoFocus={autoFocus}
          error={Boolean(error)}
          helperText={script.text(error ?? help)}
        />
      )}
    />
  );
}
