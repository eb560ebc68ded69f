import PublishIcon from '@mui/icons-material/Publish';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { refreshModerationCounts } from '../../../lib/moderation-counts';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import type { PostKind } from '../api/post-lists';
import { useSetPostStatus } from '../api/posts';
import '../../../lib/i18n/areas/content';

/** Publishes a waiting article or news item, then refreshes the moderation counts and says so. */
export function PublishButton({ kind, id }: { kind: PostKind; id: number }) {
  const { t } = useTranslation('content');
  const script = useScript();
  const publish = useSetPostStatus(kind);
  const onPublish = async () => {
    try {
      await publish.mutateAsync({ id, status: 'published' });
      refreshModerationCounts();
      void notify(t('post.published'), { type: 'success' });
    } catch (error) {
      void notify(error instanceof ApiError ? error.message : 'errors.generic', { type: 'error' });
    }
  };
  return (
    <Button
      size="small"
      color="success"
      startIcon={<PublishIcon />}
      disabled={publish.isPending}
      onClick={() => void onPublish()}
      {...script.label(t('post.publish'))}
    >
      {script.text(t('post.publish'))}
    </Button>
  );
}
