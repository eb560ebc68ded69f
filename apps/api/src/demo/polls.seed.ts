import type { Db } from '../db/client';
import { pollOptions, polls } from '../db/schema';

/** Marks the demonstration poll so that nobody takes it for a real decision. */
export const SAMPLE_POLL_QUESTION = 'Үлгү сурамжылоо: Уруунун кийинки жыйынын качан өткөрөбүз?';

const SAMPLE_OPTIONS = ['Жайында', 'Күзүндө', 'Кышында', 'Жазында'];

/**
 * The demonstration poll (docs/operations.md, Demo data), created by `creatorId` (the first admin)
 * and open for 30 days. Called once from `loadDemoDataOnce`, inside its transaction.
 */
export async function seedPolls(tx: Db, creatorId: number): Promise<void> {
  const [poll] = await tx
    .insert(polls)
    .values({
      question: SAMPLE_POLL_QUESTION,
      description:
        'Бул — сайттын мүмкүнчүлүктөрүн көрсөтүү үчүн түзүлгөн үлгү (демо) сурамжылоо. ' +
        'Анын жыйынтыгы эч нерсени чечпейт.',
      multiple: false,
      maxChoices: 1,
      anonymous: true,
      allowChange: true,
      closesAt: new Date(Date.now() + 30 * 24 * 3600 * 1000),
      createdBy: creatorId,
      isDemo: true,
    })
    .returning({ id: polls.id });
  if (!poll) throw new Error('sample poll insert returned nothing');
  await tx
    .insert(pollOptions)
    .values(SAMPLE_OPTIONS.map((text, position) => ({ pollId: poll.id, position, text })));
}
