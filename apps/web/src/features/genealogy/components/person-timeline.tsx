import { formatDateKy, type Media } from '@bagysh/shared';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import '../../../lib/i18n/areas/person';
import { useScript } from '../../../lib/script';
import type { TimelineItem } from '../lib/person-page';
import type { RecordEdit } from '../lib/records-form';
import { CitationMarks } from './citation-marks';
import { MediaThumb } from './media-thumb';
import { Empty, Section } from './person-section';
import { RowButton, SectionButton } from './record-buttons';
import { useEventTitle } from '../hooks/use-event-title';

function PersonLink({ id, name }: { id: number; name: string }) {
  const script = useScript();
  return (
    <Link component={RouterLink} to={paths.person(id)} {...script.label(name)}>
      {script.text(name)}
    </Link>
  );
}

function When({ text }: { text: string }) {
  const script = useScript();
  return (
    <Typography
      component="div"
      variant="body2"
      color="textSecondary"
      sx={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
    >
      {script.text(text)}
    </Typography>
  );
}

/** An event's images and documents as small thumbnails; each opens the file preview. */
function EventMedia({
  media,
  onOpen,
}: {
  media: readonly Media[];
  onOpen: (fileId: number) => void;
}) {
  const { t } = useTranslation('person');
  return (
    <Box
      component="ul"
      sx={{ listStyle: 'none', m: 0, mt: 0.75, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {media.map((item) => {
        // Screen readers cannot read runes: the button's name stays Cyrillic.
        const name = t('gallery.open', { title: item.title ?? t('gallery.untitled') });
        return (
          <Box component="li" key={item.file_id}>
            <ButtonBase
              onClick={() => onOpen(item.file_id)}
              aria-label={name}
              title={name}
              data-event-media={item.file_id}
              sx={{
                width: 64,
                height: 64,
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
                overflow: 'hidden',
                '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
              }}
            >
              <MediaThumb media={item} iconSize={28} />
            </ButtonBase>
          </Box>
        );
      })}
    </Box>
  );
}

function Item({
  item,
  numbers,
  onOpen,
  onEdit,
}: {
  item: TimelineItem;
  numbers: ReadonlyMap<number, number>;
  onOpen: (fileId: number) => void;
  onEdit?: (edit: RecordEdit) => void;
}) {
  const { t } = useTranslation('person');
  const script = useScript();
  const eventTitle = useEventTitle();
  if (item.kind === 'child') {
    return (
      <>
        <When text={String(item.year)} />
        <Box sx={{ minWidth: 0 }}>
          {script.text(t(`childBorn.${item.child.sex}`))}:{' '}
          <PersonLink id={item.child.id} name={item.child.name} />
        </Box>
      </>
    );
  }
  const { event, spouse } = item;
  const title = eventTitle(event);
  const date = event.date ? formatDateKy(event.date) : '';
  return (
    <>
      <When text={date || t('undated')} />
      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere', display: 'flex', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {script.text(title)}
          </Typography>
          {event.value && <> — {script.text(event.value)}</>}
          {spouse && (
            <>
              {' · '}
              <PersonLink id={spouse.id} name={spouse.name} /> {script.text(t('withSpouse'))}
            </>
          )}
          <CitationMarks citations={event.citations} numbers={numbers} />
          {event.place && (
            <Typography variant="body2" color="textSecondary" title={event.place.full_name}>
              {script.text(event.place.full_name)}
            </Typography>
          )}
          {event.note && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
              {script.text(event.note)}
            </Typography>
          )}
          {event.media.length > 0 && <EventMedia media={event.media} onOpen={onOpen} />}
        </Box>
        {/* A union's events are edited with the union, not here. */}
        {onEdit && !spouse && (
          <Box sx={{ display: 'flex', alignItems: 'flex-start', mt: -0.5 }}>
            <RowButton
              kind="edit"
              label={t('edit.editEvent', { title })}
              onClick={() => onEdit({ kind: 'event', eventId: event.id })}
            />
            <RowButton
              kind="remove"
              label={t('edit.deleteEvent', { title })}
              onClick={() => onEdit({ kind: 'deleteEvent', eventId: event.id })}
            />
          </Box>
        )}
      </Box>
    </>
  );
}

/**
 * The person's life in date order: own events, marriages, children's births, each event with
 * its files (opened by `onOpen`). With `onEdit` (a signed-in reader) it adds, edits and deletes
 * the person's own events.
 */
export function PersonTimeline({
  items,
  numbers,
  onOpen,
  onEdit,
}: {
  items: readonly TimelineItem[];
  numbers: ReadonlyMap<number, number>;
  onOpen: (fileId: number) => void;
  onEdit?: (edit: RecordEdit) => void;
}) {
  const { t } = useTranslation('person');
  return (
    <Section
      title={t('sections.timeline')}
      testId="person-timeline"
      action={
        onEdit && (
          <SectionButton
            label={t('edit.addEvent')}
            onClick={() => onEdit({ kind: 'event', eventId: null })}
            testId="add-event"
          />
        )
      }
    >
      {items.length === 0 ? (
        <Empty text={t('empty.timeline')} />
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {items.map((item) => (
            <Box
              component="li"
              key={item.key}
              data-timeline={item.kind === 'event' ? item.event.type : 'child'}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' },
                columnGap: 2,
                rowGap: 0.25,
                pl: 1.5,
                borderLeft: 3,
                borderColor: item.kind === 'child' ? 'divider' : 'primary.light',
              }}
            >
              <Item item={item} numbers={numbers} onOpen={onOpen} onEdit={onEdit} />
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}
