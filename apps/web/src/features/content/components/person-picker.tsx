import type { PersonRefSchema, SearchResult } from '@bagysh/shared';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useScript } from '../../../lib/script';
import { usePersonSearch } from '../api/misc';
import '../../../lib/i18n/areas/content';

export type PersonRef = z.infer<typeof PersonRefSchema>;

type Option = PersonRef & { lineage?: string[]; years?: string };

function years(result: SearchResult): string {
  if (result.birth_year === null && result.death_year === null) return '';
  return `${result.birth_year ?? '?'}–${result.death_year ?? ''}`;
}

/** Picks a person of the tree with the name search (results show their lineage). */
export function PersonPicker({
  value,
  onChange,
  label,
  error,
  size,
}: {
  value: PersonRef | null;
  onChange: (person: PersonRef | null) => void;
  label: string;
  error?: string;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation('content');
  const script = useScript();
  const [input, setInput] = useState('');
  const query = useDeferredValue(input);
  const search = usePersonSearch(query);
  const options: Option[] =
    search.data?.results.map((result) => ({
      id: result.id,
      name: result.name,
      lineage: result.lineage,
      years: years(result),
    })) ?? [];

  return (
    <Autocomplete<Option>
      value={value}
      onChange={(_event, next) => onChange(next ? { id: next.id, name: next.name } : null)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      options={options}
      filterOptions={(all) => all}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(option) => option.name}
      loading={search.isFetching}
      loadingText={t('common.loading')}
      noOptionsText={query.trim().length >= 2 ? t('person.noResults') : t('post.personHint')}
      clearText={t('person.clear')}
      size={size}
      // Keyed by id: MUI's own key is the label, and namesakes are common in a санжыра.
      renderOption={({ key: _key, ...props }, option) => (
        <Box component="li" key={option.id} {...props} sx={{ display: 'block !important' }}>
          <Typography sx={{ fontWeight: 600 }}>
            {script.text(option.name)}
            {option.years ? (
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                {option.years}
              </Typography>
            ) : null}
          </Typography>
          {option.lineage && option.lineage.length > 0 && (
            <Typography variant="caption" color="text.secondary">
              {script.text(option.lineage.join(' ← '))}
            </Typography>
          )}
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={script.field(label)}
          placeholder={t('person.placeholder')}
          error={Boolean(error)}
          helperText={error ? script.text(error) : undefined}
        />
      )}
    />
  );
}
