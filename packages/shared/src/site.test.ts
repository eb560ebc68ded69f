import { describe, expect, it } from 'vitest';
import {
  NAV_ITEMS,
  SITE_NAME,
  SITE_ROUTES,
  matchSiteRoute,
  pageTitle,
  siteRoute,
  titleForPath,
  visibleNavItems,
} from './site';

describe('the route table of docs/product.md, Routes', () => {
  it('has the 19 original routes, then the genealogy ones, with paths, titles, layouts, access', () => {
    expect(SITE_ROUTES.map((r) => [r.path, r.title, r.layout, r.access].join(' | '))).toEqual([
      '/ | Башкы бет | landing | public',
      '/search | Санжыра | default | public',
      '/comparison | Салыштыруу | default | public',
      '/person-articles | Багыш мыктылары | default | public',
      '/person-articles/add | Макала кошуу | default | login',
      '/person-articles/:id | Багыш мыктылары | default | public',
      '/person-articles/edit/:id | Макаланы түзөтүү | default | login',
      '/polls | Сурамжылоо | default | login',
      '/files | Файлдар | default | login',
      '/categories | Категориялар | default | login',
      '/persons | Инсандар | default | public',
      '/about | Багыш уруусу | default | public',
      '/founders | Негиздөөчүлөр | default | public',
      '/news | Жаңылыктар | default | public',
      '/news/:id | Жаңылыктар | default | public',
      '/contacts | Байланыш | default | public',
      '/login | Кирүү | blank | guest',
      '/profile | Профиль | default | login',
      '/users | Колдонуучулар | default | login',
      '/persons/:id | Инсандар | default | public',
      '/persons/:id/pedigree | Ата-теги | default | public',
      '/persons/:id/descendants | Урпактары | default | public',
      '/persons/:id/fan | Жети ата | default | public',
      '/moderation | Модерация | default | login',
      '/contributions | Менин сунуштарым | default | login',
      '/gedcom | GEDCOM: импорт жана экспорт | default | login',
      '/persons/duplicates | Кайталанган инсандар | default | login',
      '/tree-checks | Текшерүү | default | login',
      '/persons/merge | Инсандарды бириктирүү | default | login',
      '/password/reset | Сырсөздү калыбына келтирүү | blank | public',
      '/password/reset/confirm | Жаңы сырсөз | blank | public',
      '/email/confirm | Почтаны ырастоо | blank | public',
      '/mail/outbox | Чыгуучу каттар | default | login',
      '/reference | Маалымдама | default | public',
      '/notices | Билдирүүлөр | default | login',
      '/notices/unsubscribe | Каттарды токтотуу | blank | public',
      '/stats | Статистика | default | public',
      '/calendar | Эскерүү күндөрү | default | public',
      '/map | Карта | default | public',
      '/places/:id | Жер | default | public',
      '/recordings/:id | Үн жазуусу | default | public',
      '/informants | Айтуучулар | default | public',
      '/informants/:id | Айтуучулар | default | public',
    ]);
    expect(matchSiteRoute('/persons/merge')?.id).toBe('personMerge');
  });

  it('names the article form routes as the product does', () => {
    expect(siteRoute('addPersonArticle').path).toBe('/person-articles/add');
    expect(siteRoute('editPersonArticle').path).toBe('/person-articles/edit/:id');
    expect(new Set(SITE_ROUTES.map((r) => r.id)).size).toBe(SITE_ROUTES.length);
  });
});

describe('navigation items', () => {
  it('lists the public items, then the signed-in ones, with the original labels', () => {
    expect(NAV_ITEMS.map((item) => `${item.label}${item.showIfLoggedIn ? ' *' : ''}`)).toEqual([
      'Башкы бет',
      'Багыш уруусу',
      'Багыш мыктылары',
      'Инсандар',
      'Санжыра',
      'Салыштыруу',
      'Жаңылыктар',
      'Байланыш',
      'Негиздөөчүлөр',
      'Жүктөлгөн файлдар *',
      'Сурамжылоо *',
      'Категориялар *',
      'Колдонуучулар *',
      'GEDCOM *',
      'Кайталанган инсандар *',
      'Текшерүү *',
      'Чыгуучу каттар *',
    ]);
  });

  it('hides files, polls, categories and users from guests', () => {
    const guest = visibleNavItems(false).map((item) => siteRoute(item.route).path);
    expect(guest).toEqual([
      '/',
      '/about',
      '/person-articles',
      '/persons',
      '/search',
      '/comparison',
      '/news',
      '/contacts',
      '/founders',
    ]);
    expect(visibleNavItems(true)).toHaveLength(13);
  });

  it('shows the GEDCOM and tree checks pages to moderators and admins only', () => {
    const paths = (logged: boolean, role?: unknown) =>
      visibleNavItems(logged, role).map((item) => siteRoute(item.route).path);
    for (const staff of ['/gedcom', '/tree-checks']) {
      expect(paths(true, 'user')).not.toContain(staff);
      expect(paths(true, undefined)).not.toContain(staff);
      expect(paths(false, 'admin')).not.toContain(staff);
    }
    expect(siteRoute('gedcom').role).toBe('moderator');
    expect(siteRoute('duplicates').role).toBe('moderator');
    expect(siteRoute('treeChecks').role).toBe('moderator');
    expect(paths(true, 'user')).not.toContain('/persons/duplicates');
    expect(matchSiteRoute('/persons/duplicates')?.id).toBe('duplicates');
    expect(paths(true, 'moderator').slice(-3)).toEqual([
      '/gedcom',
      '/persons/duplicates',
      '/tree-checks',
    ]);
    expect(paths(true, 'admin')).toHaveLength(17);
    // The outbox of mails written without SMTP_URL: admins only.
    expect(paths(true, 'admin').at(-1)).toBe('/mail/outbox');
    expect(paths(true, 'moderator')).not.toContain('/mail/outbox');
  });
});

describe('tab titles', () => {
  it("reads '{title} - {site name}'", () => {
    expect(SITE_NAME).toBe('Багыш санжырасы');
    expect(pageTitle('Санжыра')).toBe('Санжыра - Багыш санжырасы');
  });

  it('matches paths like React Router: static before :param, any case, trailing slash', () => {
    expect(matchSiteRoute('/')?.id).toBe('home');
    expect(matchSiteRoute('/person-articles/add')?.id).toBe('addPersonArticle');
    expect(matchSiteRoute('/person-articles/17')?.id).toBe('personArticle');
    expect(matchSiteRoute('/person-articles/edit/17')?.id).toBe('editPersonArticle');
    expect(matchSiteRoute('/person-articles/edit')?.id).toBe('personArticle');
    expect(matchSiteRoute('/News/3/')?.id).toBe('newsItem');
    expect(matchSiteRoute('/search/')?.id).toBe('search');
  });

  it('gives unknown and malformed paths the not-found title', () => {
    expect(matchSiteRoute('/no-such-page')).toBeUndefined();
    expect(matchSiteRoute('/news/3/extra')).toBeUndefined();
    expect(titleForPath('/no-such-page')).toBe('Табылган жок - Багыш санжырасы');
    expect(titleForPath('/%E0%A4%A')).toBe('Табылган жок - Багыш санжырасы');
    expect(titleForPath('/login')).toBe('Кирүү - Багыш санжырасы');
  });
});
