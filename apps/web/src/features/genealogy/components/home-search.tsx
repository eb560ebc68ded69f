import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import '../../../lib/i18n/areas/genealogy-search';
import { DeferredPersonSearch } from './deferred-person-search';
// Its box's look is the stand-in's (one stylesheet for the home page's first paint).
import styles from './deferred-person-search.module.css';

/** The home page's name search (the one of /search): a choice opens the person's page. */
export default function HomeSearch() {
  const { t } = useTranslation('genealogy');
  const navigate = useNavigate();
  return (
    <div className={styles.homeBox}>
      <DeferredPersonSearch
        id="home-search"
        label={t('search.label')}
        onSelect={(person) => void navigate(paths.person(person.id))}
      />
    </div>
  );
}
