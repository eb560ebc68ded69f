import type { Db } from '../db/client';
import { categories, posts, sitePages } from '../db/schema';
import { sanitizeBody } from '../lib/sanitize-html';
import { postSearchKey } from '../modules/content/content.service';

/** Starts every sample title, so that nobody takes demonstration content for real news. */
export const SAMPLE_PREFIX = 'Үлгү:';

const SAMPLE_NOTE =
  '<p><em>Бул — сайттын мүмкүнчүлүктөрүн көрсөтүү үчүн жазылган үлгү (демо) текст. ' +
  'Андагы маалымат чыныгы эмес.</em></p>';

const DAY_MS = 24 * 3600 * 1000;

interface SamplePost {
  kind: 'article' | 'news';
  title: string;
  lead: string;
  body: string;
  category: string;
  daysAgo: number;
}

const SAMPLE_POSTS: SamplePost[] = [
  {
    kind: 'article',
    title: `${SAMPLE_PREFIX} Уруунун белгилүү акыны`,
    lead: 'Элге ырлары менен таанылган акындын өмүрү жөнүндө үлгү макала.',
    body:
      '<h2>Жашоосу</h2><p>Акын тоолуу айылда туулуп, жаш кезинен ыр чыгара баштаган.</p>' +
      '<blockquote>Ыр — элдин эси.</blockquote>' +
      '<h3>Чыгармалары</h3><ul><li>«Ата журт»</li><li>«Тоо ыры»</li></ul>',
    category: 'akyndar',
    daysAgo: 12,
  },
  {
    kind: 'article',
    title: `${SAMPLE_PREFIX} Эл аралык сыйлыктын ээси — илимпоз`,
    lead: 'Уруудан чыккан илимпоздун жолу жөнүндө үлгү макала.',
    body:
      '<p>Илимпоз айыл мектебин бүтүрүп, борбор калаада окуган.</p>' +
      '<p>Анын эмгектери <strong>тарых</strong> жана <em>санжыра</em> илимине арналган.</p>',
    category: 'ilimpozdor',
    daysAgo: 5,
  },
  {
    kind: 'news',
    title: `${SAMPLE_PREFIX} Санжыра сайты ачылды`,
    lead: 'Багыш уруусунун санжыра сайты иштей баштады.',
    body:
      '<p>Сайтта санжыра дарагын издөөгө, туугандыкты салыштырууга жана макалаларды ' +
      'окууга болот.</p>',
    category: 'uruu-janylyktary',
    daysAgo: 3,
  },
  {
    kind: 'news',
    title: `${SAMPLE_PREFIX} Уруунун жыйыны жайында өтөт`,
    lead: 'Жыйындын күнү сурамжылоо аркылуу тандалат.',
    body: '<p>Бардык мүчөлөрдү сурамжылоого катышууга чакырабыз.</p>',
    category: 'uruu-janylyktary',
    daysAgo: 1,
  },
];

const SAMPLE_CATEGORIES = [
  { name: 'Акындар', slug: 'akyndar', kind: 'article' as const },
  { name: 'Илимпоздор', slug: 'ilimpozdor', kind: 'article' as const },
  { name: 'Уруу жаңылыктары', slug: 'uruu-janylyktary', kind: 'news' as const },
];

/**
 * Demonstration content (docs/operations.md, Demo data), clearly marked as sample text: categories,
 * the about, founders and contacts pages, and — when there is an author (`authorId`, the first
 * admin) — published sample articles and news. Called once from `loadDemoDataOnce`, in its
 * transaction.
 */
export async function seedContent(tx: Db, authorId: number | null): Promise<void> {
  const inserted = await tx
    .insert(categories)
    .values(
      SAMPLE_CATEGORIES.map((category) => ({
        ...category,
        description: 'Үлгү категория (демо маалымат).',
      })),
    )
    .onConflictDoNothing()
    .returning({ id: categories.id, slug: categories.slug });
  const categoryIds = new Map(inserted.map((row) => [row.slug, row.id]));

  await tx
    .insert(sitePages)
    .values([
      {
        key: 'about',
        title: 'Багыш уруусу',
        body:
          SAMPLE_NOTE +
          '<h2>Уруунун тарыхы</h2><p>Багыш — кыргыздын байыркы урууларынын бири. ' +
          'Бул жерге уруунун тарыхы, уруктары жана салттары жазылат.</p>',
      },
      {
        key: 'founders',
        title: 'Негиздөөчүлөр',
        body: SAMPLE_NOTE,
        data: {
          founders: [
            {
              name: 'Үлгү Негиздөөчү',
              role: 'Сайттын демилгечиси (үлгү)',
              photo_file_id: null,
              text: '<p>Бул жерге негиздөөчү жөнүндө кыскача маалымат жазылат (үлгү текст).</p>',
            },
            {
              name: 'Экинчи Үлгү',
              role: 'Санжыра чогултуучу (үлгү)',
              photo_file_id: null,
              text: '<p>Үлгү текст: санжыраны чогултууга салым кошкон адам.</p>',
            },
          ],
        },
      },
      {
        key: 'contacts',
        title: 'Байланыш',
        body: SAMPLE_NOTE,
        data: {
          address: 'Үлгү дарек: Бишкек шаары (демо маалымат)',
          phone: '+996 000 000 000',
          email: 'info@example.com',
          socials: [{ label: 'Facebook (үлгү)', url: 'https://www.facebook.com/' }],
          map_url: 'https://www.openstreetmap.org/#map=12/42.8746/74.5698',
        },
      },
    ])
    .onConflictDoNothing();

  if (authorId === null) return;
  const now = Date.now();
  await tx.insert(posts).values(
    SAMPLE_POSTS.map((post) => {
      const body = sanitizeBody(SAMPLE_NOTE + post.body);
      const date = new Date(now - post.daysAgo * DAY_MS);
      return {
        kind: post.kind,
        title: post.title,
        lead: post.lead,
        body,
        categoryId: categoryIds.get(post.category) ?? null,
        authorId,
        status: 'published' as const,
        publishedAt: date,
        searchKey: postSearchKey(post.title, post.lead, body),
        isDemo: true,
        createdAt: date,
        updatedAt: date,
      };
    }),
  );
}
