import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState } from 'react';
import { useScript } from '../../../lib/script';
import { useChoices } from '../api/voices-api';

export interface Choice {
  id: number;
  label: string;
}

interface ChoiceFieldProps<T> {
  kind: 'informants' | 'persons' | 'places' | 'files';
  label: string;
  toChoice: (item: T) => Choice;
}

/** One choice among informants, places or files, found by a typed name. */
export function ChoiceField<T>({
  kind,
  label,
  toChoice,
  value,
  onChange,
}: ChoiceFieldProps<T> & { value: Choice | null; onChange: (value: Choice | null) => void }) {
  const script = useScript();
  const [input, setInput] = useState('');
  const q = useDeferredValue(input);
  const { data, isFetching } = useChoices<T>(kind, kind === 'informants' ? '' : q);
  const options = (data ?? []).map(toChoice);
  return (
    <Autocomplete
      value={value}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      loading={isFetching}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(option) => option.label}
      filterOptions={kind === 'informants' || kind === 'files' ? undefined : (all) => all}
      renderInput={(params) => <TextField {...params} label={script.field(label)} />}
    />
  );
}

/** Several persons, found by a typed name. */
export function PersonsField<T>({
  label,
  toChoice,
  value,
  onChange,
}: Omit<ChoiceFieldProps<T>, 'kind'> & {
  value: Choice[];
  onChange: (value: Choice[]) => void;
}) {
  const script = useScript();
  const [input, setInput] = useState('');
  const q = useDeferredValue(input);
  const { data, isFetching } = useChoices<T>('persons', q);
  return (
    <Autocomplete
      multiple
      value={value}
      options={(data ?? []).map(toChoice)}
      loading={isFetching}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(option) => option.label}
      filterOptions={(all) => all}
      renderInput={(params) => <TextField {...params} label={script.field(label)} />}
    />
  );
}
