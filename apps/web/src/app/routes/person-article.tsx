import { useParams } from 'react-router';
import { PostView } from '../../features/content';
import { parseId } from '../../features/content/lib/format';

/** One article; the tab title is the article's. */
export function Component() {
  const { id } = useParams();
  return <PostView kind="article" id={parseId(id)} />;
}
