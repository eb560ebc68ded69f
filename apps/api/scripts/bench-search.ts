/**
 * `npm run bench:search`: the search of everything (GET /api/search/everything/) on a generated
 * tree with generated notes, sources, articles and news, through the HTTP API as a guest and
 * as a member would search.
 *
 * It starts the real server on a fresh PostgreSQL database (TEST_DATABASE_URL or DATABASE_URL)
 * and imports the generated tree as bench-stats.ts does (`--reuse URL --password P` for a
 * database kept by an earlier run, BENCH_KEEP=1), then writes `--texts` texts straight into
 * the database (into a kept one, only those missing): notes (a tenth private, each linked to a
 * random person), sources, and posts (articles and news, a tenth drafts), from a small Kyrgyz
 * vocabulary with the tree's names mixed in. It times queries of a common word, a rare one, a name, a typo and two words, for
 * each kind at once and for one kind's second page (p50 / p95).
 *
 *   npm run bench:search                                       # 1M persons, 200 000 texts
 *   npm run bench:search -- --persons 20000 --texts 5000 --requests 20
 */
import type { SearchEverythingResponse } from '@bagysh/shared';
import pg from 'pg';
import { closeHttp, logLoadAverage, p50p95, startReadBench, timedGet } from './bench-support';

const { server, requests, options } = await startReadBench('search', 'search of everything', {
  options: { texts: '200000' },
});
const texts = Math.max(10, Number(options.texts));

/** Words the texts are made of: common ones, and a few rare ones the queries look for. */
const VOCABULARY = [
  'жайлоо',
  'көчмөн',
  'турмуш',
  'айыл',
  'тоо',
  'суу',
  'мал',
  'жылкы',
  'кой',
  'той',
  'аш',
  'жыйын',
  'санжыра',
  'уруу',
  'ата',
  'бала',
  'небере',
  'чөбөрө',
  'тарых',
  'эл',
  'жер',
  'кыштак',
  'дөбө',
  'булак',
  'дарыя',
  'эгин',
  'баатыр',
  'акын',
  'манасчы',
  'молдо',
  'устат',
  'мектеп',
  'китеп',
];
const RARE = ['Көкөмерен', 'Сарыгулжа', 'Шамшыбек'];

/**
 * The texts: written by SQL from the vocabulary and the tree's names, in one transaction; in a
 * kept database (--reuse) only those missing to make `texts`.
 */
async function writeTexts(databaseUrl: string): Promise<{ written: number; seconds: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  let missing = 0;
  try {
    const [there] = (
      await client.query<{ count: number }>(
        `select (select count(*) from notes) + (select count(*) from sources)
           + (select count(*) from posts) as count`,
      )
    ).rows;
    missing = texts - Number(there?.count ?? 0);
    if (missing <= 0) return { written: 0, seconds: 0 };
    await client.query('begin');
    const words = `array[${VOCABULARY.map((word) => `'${word}'`).join(',')}]`;
    // Two thousand of the tree's names, read once.
    await client.query(
      `create temporary table bench_names as
       select array_agg(name) as names from (select name from persons order by random() limit 2000) n`,
    );
    // A sentence of 12–40 words, a name now and then (its reference to g makes it one per row);
    // one text in a thousand has a rare word.
    const sentence = `(select string_agg(case when random() < 0.1
          then b.names[1 + floor(random() * array_length(b.names, 1))::int]
          else (${words})[1 + floor(random() * ${VOCABULARY.length})::int] end, ' ')
        from generate_series(1, 12 + (g % 29)) w(i) cross join bench_names b)
        || case when g % 1000 = 0 then ' ' || (array['${RARE.join("','")}'])[1 + g / 1000 % ${RARE.length}] else '' end`;
    const notes = Math.floor(missing * 0.6);
    const sources = Math.floor(missing * 0.2);
    const posts = missing - notes - sources;
    await client.query(
      `insert into notes (text, is_private) select ${sentence}, g % 10 = 0 from generate_series(1, $1) g`,
      [notes],
    );
    await client.query(
      `insert into note_links (note_id, person_id)
       select n.id, p.id from notes n
       join persons p on p.id = 1 + (n.id * 7919) % (select max(id) from persons)
       where not exists (select 1 from note_links l where l.note_id = n.id)`,
    );
    await client.query(
      `insert into sources (title, author, text)
       select 'Булак ' || g, 'Айтуучу ' || g, ${sentence} from generate_series(1, $1) g`,
      [sources],
    );
    // search_key as the app writes it (postSearchKey): the database's own fold of the same text.
    await client.query(
      `insert into posts (kind, title, lead, body, status, published_at, search_key)
       select case when g % 2 = 0 then 'article' else 'news' end, 'Макала ' || g, '', t.body,
         case when g % 10 = 0 then 'draft' else 'published' end,
         case when g % 10 = 0 then null else now() end, search_fold('Макала ' || g || '  ' || t.body)
       from generate_series(1, $1) g cross join lateral (select '<p>' || ${sentence} || '</p>' as body) t`,
      [posts],
    );
    await client.query('commit');
    // Vacuumed as autovacuum would soon: it also merges the trigram indexes' pending lists,
    // which every search would otherwise read whole.
    await client.query('vacuum analyze notes, note_links, sources, posts');
  } finally {
    await client.end();
  }
  return { written: missing, seconds: (performance.now() - started) / 1000 };
}

try {
  if (!server.databaseUrl) throw new Error('bench:search needs the server’s PostgreSQL database');
  const { written, seconds } = await writeTexts(server.databaseUrl);
  console.log(
    `  ${written.toLocaleString('en')} texts written (of ${texts.toLocaleString('en')}): ` +
      `${seconds.toFixed(1)} s`,
  );

  // The server computes the tribe statistics when it starts (14 s at 1M persons): waited for
  // here, so that the timings below are the search's alone.
  const stats = await timedGet(server, '/api/stats/tribe/');
  console.log(`  tribe statistics (computed at the start) waited for: ${stats.ms.toFixed(0)} ms`);

  const queries = [
    ['common word', 'жайлоо'],
    ['rare word', 'Көкөмерен'],
    ['typo', 'Сарыгулжо'],
    ['two words', 'баатыр акын'],
    ['prefix with ending', 'Шамшыбектин'],
  ];
  const path = (q: string, kind = '') =>
    `/api/search/everything/?q=${encodeURIComponent(q)}${kind ? `&kind=${kind}&page=2` : ''}`;
  const first = await timedGet(server, path('жайлоо'));
  const counts = (JSON.parse(first.body) as SearchEverythingResponse).groups
    .map((group) => `${group.kind} ${group.count}${group.capped ? '+' : ''}`)
    .join(', ');
  console.log(`  first answer: ${first.ms.toFixed(0)} ms (${counts})`);
  console.log(`  ${requests} sequential requests each, ms p50 / p95:`);
  console.log('  | query | guest, every kind | member, every kind | guest, notes page 2 |');
  console.log('  |---|---|---|---|');
  for (const [name, q] of queries) {
    console.log(
      `  | ${name} (${q}) | ${await p50p95(server, path(q!), requests)} | ` +
        `${await p50p95(server, path(q!), requests, server.token)} | ` +
        `${await p50p95(server, path(q!, 'note'), requests)} |`,
    );
  }
} finally {
  await server.close();
  closeHttp();
  logLoadAverage('end');
}
