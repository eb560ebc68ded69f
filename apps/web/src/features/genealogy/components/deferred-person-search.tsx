import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/genealogy-search';
import { useScript } from '../../../lib/script';
import type { PersonSearchProps } from './person-search';

/** The picker (Autocomplete, its popper, the search API), asked for once. */
let picker: Promise<ComponentType<PersonSearchProps>> | undefined;
const loadPicker = () =>
  (picker ??= import('./person-search').then(({ PersonSearch }) => PersonSearch));

interface Started {
  Picker: ComponentType<PersonSearchProps>;
  open: boolean;
}

/**
 * The name search of the home page and of /search (a choice calls `onSelect`).
 *
 * Until the visitor turns to it, the box is drawn as the picker draws it (an outlined field
 * with its list button, the same ids, classes and sizes) without the picker's code, which
 * neither page's first paint needs (issue 14's page budget). Focusing the box or pressing its
 * button loads the picker; what was typed meanwhile goes over to it, and it takes the focus in
 * the same render, so no keystroke is lost: an Enter meanwhile opens the best match once the
 * picker is there.
 */
export function DeferredPersonSearch({
  id,
  label,
  onSelect,
}: Pick<PersonSearchProps, 'label' | 'onSelect'> & { id: string }) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const [input, setInput] = useState('');
  const [started, setStarted] = useState<Started | null>(null);
  // Enter before the picker's code came (a quick typist, a slow line): the picker acts on it.
  const [entered, setEntered] = useState(false);

  const start = (open: boolean) =>
    void loadPicker().then((Picker) => setStarted((current) => current ?? { Picker, open }));

  return (
    <>
      {started ? (
        <started.Picker
          id={id}
          label={label}
          onSelect={onSelect}
          defaultInput={input}
          defaultOpen={started.open || input !== ''}
          defaultEnter={entered}
          autoFocus
        />
      ) : (
        // Autocomplete's root, input root, input and end adornment (fullWidth, popup icon).
        <Box className="MuiAutocomplete-root MuiAutocomplete-fullWidth MuiAutocomplete-hasPopupIcon">
          <FormControl className="MuiTextField-root" fullWidth variant="outlined">
            <InputLabel htmlFor={id} id={`${id}-label`}>
              {script.field(label)}
            </InputLabel>
            <OutlinedInput
              id={id}
              label={script.field(label)}
              fullWidth
              className="MuiAutocomplete-inputRoot"
              sx={{ p: '9px', pr: '39px' }}
              value={input}
              onChange={(event) => setInput(event.target.value)}
              onFocus={() => start(false)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter' || input.trim() === '') return;
                event.preventDefault();
                setEntered(true);
                start(false);
              }}
              inputProps={{
                className: 'MuiAutocomplete-input',
                autoComplete: 'off',
                autoCapitalize: 'none',
                spellCheck: false,
                enterKeyHint: 'search',
                style: {
                  flexGrow: 1,
                  width: 0,
                  minWidth: 30,
                  textOverflow: 'ellipsis',
                  padding: '7.5px 4px 7.5px 5px',
                },
              }}
              endAdornment={
                <Box
                  className="MuiAutocomplete-endAdornment"
                  sx={{
                    position: 'absolute',
                    right: 9,
                    top: '50%',
                    transform: 'translate(0, -50%)',
                  }}
                >
                  <IconButton
                    className="MuiAutocomplete-popupIndicator"
                    tabIndex={-1}
                    aria-label={t('search.open')}
                    title={t('search.open')}
                    sx={{ p: '2px', mr: '-2px' }}
                    onClick={() => start(true)}
                  >
                    <ArrowDropDownIcon />
                  </IconButton>
                </Box>
              }
            />
          </FormControl>
        </Box>
      )}
    </>
  );
}
