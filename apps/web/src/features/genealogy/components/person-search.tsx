import type { SearchResult } from '@bagysh/shared';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScript } from '../../../lib/script';
import { useSearch } from '../api/genealogy-api';
import { lineageText, yearsText } from '../lib/format';

/** Waits `delay` ms after the last change of `value`. */
export function useDebounced<T>(value: T, delay = 250): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export interface PersonSearchProps {
  label: string;
  onSelect: (person: SearchResult) => void;
  /** Shown as the chosen value (e.g. the person of the URL). */
  value?: SearchResult | null;
  id?: string;
  autoFocus?: boolean;
}

/**
 * A name search with suggestions as you type (debounced; the API folds spellings and forgives a
 * typo). Each suggestion shows the lineage, so namesakes can be told apart.
 */
export function PersonSearch({ label, onSelect, value = null, id, autoFocus }: PersonSearchProps) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const [input, setInput] = useState('');
  // The chosen person's own name in the box is not a query.
  const typed = value && input === value.name ? '' : input.trim();
  const query = useDebounced(typed);
  const search = useSearch(query);
  const options = query ? (search.data?.results ?? []) : [];

  return (
    <Autocomplete<SearchResult, false, false, false>
      id={id}
      options={options}
      value={value}
      filterOptions={(list) => list}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      onChange={(_event, chosen) => {
        if (chosen) onSelect(chosen);
      }}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      loading={search.isFetching}
      loadingText={script.text(t('search.loading'))}
      noOptionsText={script.text(
        search.isError
          ? search.error.message
          : query
            ? t('search.noResults')
            : t('search.typeName'),
      )}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        const years = yearsText(option.birth_year, option.death_year);
        return (
          <Box component="li" key={key} {...rest} data-person-id={option.id}>
            <Box>
              <Typography component="div" sx={{ fontWeight: 600 }}>
                {script.text(option.name)}
                {years && (
                  <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                    {years}
                  </Typography>
                )}
              </Typography>
              <Typography component="div" variant="body2" color="text.secondary">
                {script.text(lineageText(option.name, option.lineage))}
              </Typography>
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={script.field(label)}
          autoFocus={autoFocus}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              type: 'search',
              endAdornment: (
                <>
                  {search.isFetching ? <CircularProgress color="inherit" size={18} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
