import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { pushSubscriber } from './sales-push';

const logs = () => ({ info: vi.fn(), warn: vi.fn() });

describe('pushSubscriber: a marketplace’s push subscriptions, asked for alike', () => {
  const ensure = async (userId: string) => {
    if (userId === 'refused') throw new Error('refused');
    return userId === 'not-here' ? 'skipped' : 'created';
  };

  it('each connected seller in turn: one failing stops none of the others, and is logged; answers how many were set up', async () => {
    const log = logs();
    const subscriber = pushSubscriber('Push', ensure, log as unknown as FastifyBaseLogger);
    expect(await subscriber.each(['a', 'refused', 'b'])).toBe(2);
    expect(log.warn).toHaveBeenCalledOnce();
    expect(log.warn).toHaveBeenCalledWith({ err: expect.any(Error), userId: 'refused' }, 'Push not subscribed: sales are pulled');
  });

  it('after a connect: never fails it; a subscription made is logged, one skipped is not', async () => {
    const log = logs();
    const subscriber = pushSubscriber('Push', ensure, log as unknown as FastifyBaseLogger);
    await subscriber.afterConnect('a');
    await subscriber.afterConnect('not-here');
    await expect(subscriber.afterConnect('refused')).resolves.toBeUndefined();
    expect(log.info).toHaveBeenCalledExactlyOnceWith({ userId: 'a', setup: 'created' }, 'Push subscribed');
    expect(log.warn).toHaveBeenCalledOnce();
  });
});
