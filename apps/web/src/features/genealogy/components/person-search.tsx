import { personLabel, type SearchResult } from '@bagysh/shared';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import {
  Fragment,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useScript } from '../../../lib/script';
import { getSearchQueryOptions, useSearch } from '../api/tree-reads';
import { furtherLineage } from '../lib/format';
import { PersonLabel } from '../../../components/person-label';
import { SearchField } from './search-field';

/**
 * The box of /search (app/routes/search.tsx): there, what is typed also searches notes,
 * sources, articles and news, shown under the box. The panel is loaded with the picker, never
 * with the page (the first-paint budget).
 */
export const EVERYTHING_SEARCH_ID = 'sanjyra-search';
const EverythingPanel = lazy(() =>
  import('./everything-results').then((module) => ({ default: module.EverythingPanel })),
);

/** `?q=` of the page: the query of the search of everything, back after a reload or Back. */
function everythingQuery(): string {
  return new URLSearchParams(window.location.search).get('q') ?? '';
}

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
  /** Text already in the box when the picker mounts (typed into the home page's stand-in). */
  defaultInput?: string;
  /** Whether the list is open when the picker mounts. */
  defaultOpen?: boolean;
  /** Enter was pressed in the stand-in before the picker came: it opens the best match then. */
  defaultEnter?: boolean;
  /** The suggestions' z-index, when the picker sits in a dialog on the overlay layers. */
  popperZIndex?: number;
}

/**
 * A name search with suggestions as you type (debounced; the API folds spellings and forgives a
 * typo). Each suggestion shows the father, grandfather and further lineage, so namesakes can be told apart. Suggestions are
 * keyed by id (names repeat), and only the answer to what is in the box now is ever offered:
 * while a newer query is pending, the box shows "searching", never the old rows. Enter opens
 * the highlighted suggestion, or else the best match of the text.
 */
export function PersonSearch({
  label,
  onSelect,
  value = null,
  id,
  autoFocus,
  defaultInput = '',
  defaultOpen = false,
  defaultEnter = false,
  popperZIndex,
}: PersonSearchProps) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const queryClient = useQueryClient();
  const everything = id === EVERYTHING_SEARCH_ID;
  const [input, setInput] = useState(() => defaultInput || (everything ? everythingQuery() : ''));
  // A chosen person's label in the box is not a query of everything.
  const [chosen, setChosen] = useState(false);
  const [open, setOpen] = useState(defaultOpen);
  // The chosen person stays told apart from namesakes in the box: "Айбек Чоткара уулу (…) 1827–".
  const getOptionLabel = useCallback(
    (option: SearchResult) => script.plain(personLabel(option)),
    [script],
  );
  // The chosen person's own label in the box is not a query.
  const typed = value && input === getOptionLabel(value) ? '' : input.trim();
  const query = useDebounced(typed);
  const search = useSearch(query);
  // Results of a query that the box no longer holds are dropped, not shown.
  const current = query === typed && !search.isPlaceholderData;
  const options = current && query ? (search.data?.results ?? []) : [];
  const searching = typed !== '' && (!current || search.isFetching);
  // Autocomplete empties an unfocused box when it mounts ('reset'): text handed over by the
  // home page's stand-in stays. Parents' effects run after their children's: from then on, a
  // reset is the picker's to make.
  const keepDefaultInput = useRef(defaultInput !== '');
  useEffect(() => {
    keepDefaultInput.current = false;
  }, []);
  // What the box holds now, for an Enter whose answer arrives later.
  const typedRef = useRef(typed);
  useEffect(() => {
    typedRef.current = typed;
  });

  const openBestMatch = (text: string) => {
    queryClient
      .fetchQuery(getSearchQueryOptions(text))
      .then((answer) => {
        const best = answer.results[0];
        // Typing on after Enter makes the answer stale.
        if (best && typedRef.current === text) {
          setOpen(false);
          setChosen(true);
          onSelect(best);
        }
      })
      .catch(() => {
        // The suggestions list shows the error of the same query.
      });
  };

  // An Enter the stand-in took before this code was loaded, once.
  const pendingEnter = useRef(defaultEnter);
  useEffect(() => {
    if (!pendingEnter.current) return;
    pendingEnter.current = false;
    if (typedRef.current !== '') openBestMatch(typedRef.current);
  });

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || typed === '') return;
    // An open list with this query's rows: the highlighted row (the first unless the arrows
    // moved) is Autocomplete's to choose.
    if (open && options.length > 0) return;
    (event as KeyboardEvent & { defaultMuiPrevented?: boolean }).defaultMuiPrevented = true;
    event.preventDefault();
    openBestMatch(typed);
  };

  return (
    <>
      <Autocomplete<SearchResult, false, false, false>
        id={id}
        options={options}
        value={value}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        autoHighlight
        filterOptions={(list) => list}
        getOptionLabel={getOptionLabel}
        getOptionKey={(option) => option.id}
        isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
        onChange={(_event, person) => {
          if (!person) return;
          setChosen(true);
          onSelect(person);
        }}
        onKeyDown={handleKeyDown}
        slotProps={{ popper: { sx: { zIndex: popperZIndex } } }}
        inputValue={input}
        onInputChange={(_event, next, reason) => {
          if (reason === 'reset' && keepDefaultInput.current) return;
          if (reason === 'input') setChosen(false);
          setInput(next);
        }}
        loading={searching}
        clearText={t('search.clear')}
        openText={t('search.open')}
        closeText={t('search.close')}
        loadingText={script.text(t('search.loading'))}
        noOptionsText={script.text(
          search.isError && current
            ? search.error.message
            : query
              ? t('search.noResults')
              : t('search.typeName'),
        )}
        renderOption={(props, option) => {
          const { key: _key, ...rest } = props as typeof props & { key: string };
          // The label names the father and grandfather; the forefathers above them follow below.
          const further = furtherLineage(option.lineage);
          return (
            <Box component="li" key={option.id} {...rest} data-person-id={option.id}>
              <Box sx={{ minWidth: 0 }}>
                <Typography component="div">
                  <PersonLabel person={option} nameSx={{ fontWeight: 600 }} />
                </Typography>
                {/* Each name on its own, left to right as on the person page: in runes a whole
                  chain in one right-to-left run would turn the arrows around. */}
                {further.length > 0 && (
                  <Typography
                    component="div"
                    variant="body2"
                    color="textSecondary"
                    sx={{ overflowWrap: 'anywhere' }}
                  >
                    {further.map((part, index) => (
                      <Fragment key={index}>
                        {' ← '}
                        {part === '…' ? part : script.text(part)}
                      </Fragment>
                    ))}
                  </Typography>
                )}
              </Box>
            </Box>
          );
        }}
        renderInput={(params) => (
          <SearchField
            params={params}
            label={script.field(label)}
            autoFocus={autoFocus}
            endAdornment={searching ? <CircularProgress color="inherit" size={18} /> : null}
          />
        )}
      />
      {everything && (
        <Suspense fallback={null}>
          <EverythingPanel query={chosen ? '' : query} />
        </Suspense>
      )}
    </>
  );
}
