import type { AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ReactNode } from 'react';

export interface SearchFieldProps {
  params: AutocompleteRenderInputParams;
  label: ReactNode;
  autoFocus?: boolean;
  /** Shown before the picker's own clear and open buttons. */
  endAdornment?: ReactNode;
}

/**
 * An outlined TextField as TextField draws it (FormControl, InputLabel, OutlinedInput with the
 * same ids and classes), for an Autocomplete's input. TextField itself also brings Select and
 * with it Menu, Popover and Modal: code the home page's search box never runs, which would
 * otherwise load with the landing page (the first-paint budget).
 */
export function SearchField({ params, label, autoFocus, endAdornment }: SearchFieldProps) {
  const { id, disabled, fullWidth, size, slotProps } = params;
  const labelId = label && id ? `${id}-label` : undefined;
  return (
    <FormControl
      className="MuiTextField-root"
      disabled={disabled}
      fullWidth={fullWidth}
      size={size}
      variant="outlined"
    >
      <InputLabel htmlFor={id} id={labelId} {...slotProps.inputLabel}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        autoFocus={autoFocus}
        fullWidth={fullWidth}
        {...slotProps.input}
        // Not type="search": the browser would draw its own × beside the picker's.
        inputProps={{ ...slotProps.htmlInput, enterKeyHint: 'search' }}
        endAdornment={
          <>
            {endAdornment}
            {slotProps.input.endAdornment}
          </>
        }
      />
    </FormControl>
  );
}
