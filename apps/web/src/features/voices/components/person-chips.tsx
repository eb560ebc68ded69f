import type { PersonLink } from '@bagysh/shared';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useScript } from '../../../lib/script';

/** The persons a recording speaks of, each a chip linking the person's page. */
export function PersonChips({ persons, mt }: { persons: readonly PersonLink[]; mt: number }) {
  const script = useScript();
  if (persons.length === 0) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt }}>
      {persons.map((person) => (
        <Chip
          key={person.id}
          component={Link}
          to={paths.person(person.id)}
          clickable
          size="small"
          variant="outlined"
          label={script.text(person.name)}
          {...script.label(person.name)}
        />
      ))}
    </Stack>
  );
}
