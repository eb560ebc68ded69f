import { useParams } from 'react-router';
import { PostView } from '../../features/content';
import { parseId } from '../../features/content/lib/format';

/** One news item; the tab title is the item's. */
export function Component() {
  const { id } = useParams();
  return <PostView kind="news" id={parseId(id)} />;
}
