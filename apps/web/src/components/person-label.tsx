import { personLabel, personLabelParts, type PersonLabelFacts } from '@bagysh/shared';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useScript } from '../lib/script';

export interface PersonLabelProps {
  person: PersonLabelFacts;
  /** Styles of the name (e.g. bold); the rest of the label is secondary text. */
  nameSx?: SxProps<Theme>;
}

/**
 * "Айбек Чоткара уулу (Мырзабек) 1827–1895": the name, the father and grandfather
 * that tell namesakes apart, the years. Each part goes through the script (runes in old_ky);
 * the Cyrillic label is the title. It wraps (between words, inside a word only when it must,
 * never inside the years), so a long label never makes a phone's screen scroll sideways.
 */
export function PersonLabel({ person, nameSx }: PersonLabelProps) {
  const script = useScript();
  const { name, patronymic, grandfather, years } = personLabelParts(person);
  return (
    <Box
      component="span"
      title={personLabel(person)}
      data-person-label=""
      sx={{ overflowWrap: 'anywhere' }}
    >
      <Box component="span" sx={nameSx}>
        {script.text(name)}
      </Box>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {patronymic && <> {script.text(patronymic)}</>}
        {grandfather && <> ({script.text(grandfather)})</>}
        {years && (
          <>
            {' '}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {years}
            </Box>
          </>
        )}
      </Box>
    </Box>
  );
}
