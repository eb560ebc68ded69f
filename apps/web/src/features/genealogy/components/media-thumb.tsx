import type { Media } from '@bagysh/shared';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import Box from '@mui/material/Box';
import { paths } from '../../../config/paths';
import { useFileUrl } from '../../../lib/use-file-url';

/**
 * A linked file's square thumbnail filling its box: an image's (a members-only one fetched
 * with the reader's token, as an `<img>` cannot send it), else a document's icon.
 */
export function MediaThumb({ media, iconSize }: { media: Media; iconSize: number }) {
  const image = media.kind === 'image';
  const thumb = useFileUrl(image ? paths.fileThumbnail(media.file_id) : null, media.public);
  if (image && !thumb.error) {
    return (
      <Box
        component="img"
        src={thumb.src ?? undefined}
        alt=""
        loading="lazy"
        sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      />
    );
  }
  return (
    <Box
      sx={{
        width: '100%',
        height: '100%',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'action.hover',
        color: 'text.secondary',
      }}
    >
      <DescriptionOutlinedIcon sx={{ fontSize: iconSize }} />
    </Box>
  );
}
