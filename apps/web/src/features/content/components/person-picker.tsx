import type { PersonRefSchema, SearchResult } from '@bagysh/shared';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PersonLabel } from '../../../components/person-label';
import { useScript } from '../../../lib/script';
import { usePersonSearch } from '../api/misc';
import '../../../lib/i18n/areas/content';

export type PersonRef = z.infer<typeof PersonRefSchema>;

/** A suggestion carries the search hit (for its label); the chosen value is a bare reference. */
type Option = PersonRef & { hit?: SearchResult };

/** Picks a person of the tree with the name search (results show their label and lineage). */
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
    search.data?.results.map((hit) => ({ id: hit.id, name: hit.name, hit })) ?? [];

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
          <Typography>
            {option.hit ? (
              <PersonLabel person={option.hit} nameSx={{ fontWeight: 600 }} />
            ) : (
              script.text(option.name)
            )}
          </Typography>
          {/* The forefathers above the grandfather that the label names. */}
          {option.hit && option.hit.lineage.length > 2 && (
            <Typography variant="caption" color="textSecondary">
              {script.text(option.hit.lineage.slice(2).join(' ← '))}
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
