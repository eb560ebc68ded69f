import type { FileInfo, FileKind } from '@bagysh/shared';
import AudioFileIcon from '@mui/icons-material/AudioFile';
import DescriptionIcon from '@mui/icons-material/Description';
import ImageIcon from '@mui/icons-material/Image';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import TextSnippetIcon from '@mui/icons-material/TextSnippet';
import VideoFileIcon from '@mui/icons-material/VideoFile';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { useFileUrl } from '../../../lib/use-file-url';

const ICONS: Record<FileKind, (props: SvgIconProps) => React.ReactNode> = {
  image: ImageIcon,
  pdf: PictureAsPdfIcon,
  document: DescriptionIcon,
  audio: AudioFileIcon,
  video: VideoFileIcon,
  text: TextSnippetIcon,
};

export function KindIcon({ kind, ...props }: { kind: FileKind } & SvgIconProps) {
  const Icon = ICONS[kind];
  return <Icon {...props} />;
}

/** A file's thumbnail (images) or its kind's icon, filling a box of the given size. */
export function FileThumb({ file, size }: { file: FileInfo; size: number | string }) {
  const thumb = useFileUrl(file.thumbnail_url, file.visibility === 'public');
  const frame = {
    width: size,
    height: size,
    flexShrink: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    bgcolor: 'action.hover',
    overflow: 'hidden',
  } as const;
  if (file.thumbnail_url && !thumb.error) {
    if (!thumb.src) return <Skeleton variant="rectangular" sx={frame} />;
    return (
      <Box sx={frame}>
        <Box
          component="img"
          src={thumb.src}
          alt=""
          loading="lazy"
          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      </Box>
    );
  }
  return (
    <Box sx={frame}>
      <KindIcon
        kind={file.kind}
        color="action"
        sx={{ fontSize: typeof size === 'number' ? size / 2.5 : 56 }}
      />
    </Box>
  );
}
