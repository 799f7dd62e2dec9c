import type { Db } from '#server/db/client.ts';
import { AppError } from '#shared/errors.ts';
import * as repo from './newsletter.repository.ts';

/** Topic ids must name topics: else a field error at the first unknown one (`topicIds.N`, or below `field`). */
export async function checkTopics(db: Db, topicIds: readonly string[] | undefined, field = 'topicIds'): Promise<void> {
  if (!topicIds || topicIds.length === 0) return;
  const known = await repo.findExistingTopicIds(db, topicIds);
  const unknownIndex = topicIds.findIndex((id) => !known.has(id));
  if (unknownIndex >= 0) throw AppError.field(`${field}.${unknownIndex}`, 'invalidOption', 'error.invalidOption');
}
