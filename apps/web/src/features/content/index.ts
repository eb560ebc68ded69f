export { PostForm } from './components/post-form';
export { PostList } from './components/post-list';
export { PendingPosts } from './components/pending-posts';
export { PostView } from './components/post-view';
export { useHasRole, useViewer } from './hooks/use-role';
export { AboutPage } from './components/about-page';
export { FoundersPage } from './components/founders-page';
export { ContactsPage } from './components/contacts-page';
export { CategoriesPage } from './components/categories-page';
