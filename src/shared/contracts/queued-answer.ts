import { z } from 'zod';

/**
 * What a request that queues a job per item answers: the items it queued, and those whose job was already waiting or
 * running (nothing new queued for them). Each answer `.extend`s it with what became of the rest.
 */
export const queuedAnswer = z.object({
  queued: z.array(z.uuid()),
  alreadyQueued: z.array(z.uuid()),
});
