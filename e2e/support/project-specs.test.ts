import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { oneProjectSpecs } from './project-specs';

describe('specs that run on one project only (decision 074)', () => {
  it('finds the phone-only specs by their file-level skip, and no spec that runs on both', () => {
    const { phoneOnly, desktopOnly } = oneProjectSpecs(path.resolve(import.meta.dirname, '..'));
    expect(phoneOnly).toEqual(expect.arrayContaining(['phone-walk.spec.ts', 'upload-phone.spec.ts', 'offline-phone.spec.ts']));
    // These run on both projects (a test or two inside skip for one of them).
    for (const both of ['assisted.spec.ts', 'phone-dashboard-room.spec.ts', 'simulated-first-publish.spec.ts'])
      expect([...phoneOnly, ...desktopOnly]).not.toContain(both);
    expect(desktopOnly).toEqual([]);
  });
});
