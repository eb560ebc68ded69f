import type { Media } from '@bagysh/shared';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/person';
import { useScript } from '../../../lib/script';
import type { RecordEdit } from '../lib/records-form';
import { MediaThumb } from './media-thumb';
import { Empty, Section } from './person-section';
import { RowButton, SectionButton } from './record-buttons';

/**
 * Images and documents linked to the person or their events; each opens the file preview.
 * With `onEdit` files are added to the gallery and taken out of it.
 */
export function PersonGallery({
  media,
  onOpen,
  onEdit,
}: {
  media: readonly Media[];
  onOpen: (fileId: number) => void;
  onEdit?: (edit: RecordEdit) => void;
}) {
  const { t } = useTranslation('person');
  const script = useScript();
  return (
    <Section
      title={t('sections.gallery')}
      testId="person-gallery"
      action={
        onEdit && (
          <SectionButton
            label={t('edit.addMedia')}
            onClick={() => onEdit({ kind: 'media' })}
            testId="add-media"
          />
        )
      }
    >
      {media.length === 0 ? (
        <Empty text={t('empty.gallery')} />
      ) : (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
          }}
        >
          {media.map((item) => {
            const title = item.title ?? t('gallery.untitled');
            // Screen readers cannot read runes: the button's name stays Cyrillic.
            const name = t('gallery.open', { title });
            return (
              <Box component="li" key={item.file_id} sx={{ position: 'relative' }}>
                <ButtonBase
                  onClick={() => onOpen(item.file_id)}
                  aria-label={name}
                  title={name}
                  data-media={item.file_id}
                  sx={{
                    width: '100%',
                    display: 'flex',
                    flexDirection: 'column',
                    alignItems: 'stretch',
                    borderRadius: 1,
                    border: 1,
                    borderColor: 'divider',
                    overflow: 'hidden',
                    textAlign: 'left',
                    '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
                  }}
                >
                  <Box sx={{ aspectRatio: '1' }}>
                    <MediaThumb media={item} iconSize={48} />
                  </Box>
                  <Typography
                    variant="caption"
                    component="span"
                    sx={{ px: 1, py: 0.5, overflowWrap: 'anywhere' }}
                  >
                    {script.text(title)}
                  </Typography>
                </ButtonBase>
                {onEdit && (
                  <Box
                    sx={{
                      position: 'absolute',
                      top: 4,
                      right: 4,
                      bgcolor: 'background.paper',
                      borderRadius: '50%',
                      boxShadow: 1,
                    }}
                  >
                    <RowButton
                      kind="remove"
                      label={t('edit.removeMedia', { title })}
                      onClick={() => onEdit({ kind: 'deleteMedia', fileId: item.file_id })}
                    />
                  </Box>
                )}
              </Box>
            );
          })}
        </Box>
      )}
    </Section>
  );
}
