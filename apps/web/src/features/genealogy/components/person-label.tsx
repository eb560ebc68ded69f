import { personLabel, personLabelParts, type PersonLabelFacts } from '@bagysh/shared';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { Fragment, type ReactNode } from 'react';
import { useScript } from '../../../lib/script';

export interface PersonLabelProps {
  person: PersonLabelFacts;
  /** Styles of the name (e.g. bold); the rest of the label is secondary text. */
  nameSx?: SxProps<Theme>;
  /** Leave the years out (a view that shows them elsewhere). */
  hideYears?: boolean;
  /**
   * One line cut with an ellipsis (the full label stays in the title); otherwise the label
   * wraps anywhere, so a long one never scrolls a phone's screen sideways.
   */
  noWrap?: boolean;
}

/**
 * "Айбек Чоткара уулу (Мырзабек) 1827–1895" (issue 16): the name, the father and grandfather
 * that tell namesakes apart, the years. Each part goes through the script (runes in old_ky);
 * the Cyrillic label is the title, for a cut line and for screen readers in runes.
 */
export function PersonLabel({ person, nameSx, hideYears, noWrap }: PersonLabelProps) {
  const script = useScript();
  const facts = hideYears ? { ...person, birth_year: null, death_year: null } : person;
  const parts = personLabelParts(facts);
  const rest: ReactNode[] = [];
  if (parts.patronymic) rest.push(script.text(parts.patronymic));
  if (parts.grandfather) rest.push(<>({script.text(parts.grandfather)})</>);
  if (parts.years) rest.push(parts.years);
  return (
    <Box
      component="span"
      title={personLabel(facts)}
      data-person-label=""
      sx={
        noWrap
          ? {
              display: 'block',
              minWidth: 0,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }
          : { overflowWrap: 'anywhere' }
      }
    >
      <Box component="span" sx={nameSx}>
        {script.text(parts.name)}
      </Box>
      {rest.length > 0 && (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {rest.map((part, index) => (
            <Fragment key={index}> {part}</Fragment>
          ))}
        </Box>
      )}
    </Box>
  );
}
