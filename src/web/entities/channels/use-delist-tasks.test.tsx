import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DelistTask } from '@shared/contracts/channels';
import { useDelistNotifications } from './use-delist-tasks';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const task = (n: number, channel: DelistTask['channel'] = 'poshmark'): DelistTask => ({
  itemId: `00000000-0000-4000-8000-00000000000${n}`,
  channel,
  sku: `SKU-${n}`,
  title: null,
  thumbnailUrl: null,
  url: null,
  since: '2026-11-25T00:00:00.000Z',
});

function stubNotification(permission: NotificationPermission) {
  const made: { title: string; body?: string }[] = [];
  class FakeNotification {
    static permission = permission;
    onclick: (() => void) | null = null;
    constructor(title: string, options: { body?: string } = {}) {
      made.push({ title, body: options.body });
    }
  }
  vi.stubGlobal('Notification', FakeNotification);
  return made;
}

describe('useDelistNotifications', () => {
  it('announces only the tasks that arrive after the first reading, once allowed', () => {
    const made = stubNotification('granted');
    const { rerender } = renderHook(({ tasks, on }) => useDelistNotifications(tasks, on), {
      initialProps: { tasks: [task(1)] as DelistTask[] | undefined, on: true },
    });
    expect(made).toEqual([]);
    rerender({ tasks: [task(1), task(2, 'depop')], on: true });
    expect(made).toEqual([{ title: 'Sold: take 1 listing down', body: 'Delist from Depop: SKU-2' }]);
    rerender({ tasks: [task(1), task(2, 'depop')], on: true });
    expect(made).toHaveLength(1);
  });

  it('stays silent when the seller chose e-mail or the browser said no', () => {
    const made = stubNotification('granted');
    const { rerender } = renderHook(({ tasks, on }) => useDelistNotifications(tasks, on), {
      initialProps: { tasks: [] as DelistTask[], on: false },
    });
    rerender({ tasks: [task(1)], on: false });
    expect(made).toEqual([]);
    const denied = stubNotification('denied');
    const second = renderHook(({ tasks }) => useDelistNotifications(tasks, true), { initialProps: { tasks: [] as DelistTask[] } });
    second.rerender({ tasks: [task(3)] });
    expect(denied).toEqual([]);
  });
});
