import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';

/** First letter of the name for users without an avatar image. */
function initial(name: string): string {
  return name.trim().charAt(0).toUpperCase() || '?';
}

/** A user's avatar with the online dot (green when online, grey when not). */
export function UserAvatar({
  name,
  src,
  online,
  size = 40,
  onlineLabel,
}: {
  name: string;
  src: string | null;
  online?: boolean;
  size?: number;
  onlineLabel?: string;
}) {
  const avatar = (
    <Avatar
      src={src ?? undefined}
      alt=""
      sx={{ width: size, height: size, bgcolor: 'primary.light' }}
    >
      {initial(name)}
    </Avatar>
  );
  if (online === undefined) return avatar;
  return (
    <Badge
      overlap="circular"
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      variant="dot"
      data-online={online ? 'true' : 'false'}
      title={onlineLabel}
      sx={{
        '& .MuiBadge-badge': {
          bgcolor: online ? '#4CAF50' : 'grey.400',
          boxShadow: '0 0 0 2px #fff',
          width: Math.max(10, size / 4),
          height: Math.max(10, size / 4),
          borderRadius: '50%',
        },
      }}
    >
      {avatar}
    </Badge>
  );
}
