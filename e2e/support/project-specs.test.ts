import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { oneProjectSpecs } from './project-specs';

describe('specs that run on one project only (decisions 074, 135)', () => {
  it('finds the one-project specs by their file-level skip; the screens run on both', () => {
    const { phoneOnly, desktopOnly } = oneProjectSpecs(path.resolve(import.meta.dirname, '..'));
    expect(phoneOnly).toEqual(expect.arrayContaining(['phone-walk.spec.ts', 'upload-phone.spec.ts', 'offline-phone.spec.ts']));
    expect(phoneOnly).toEqual(expect.arrayContaining(['capture.spec.ts', 'autopilot.spec.ts']));
    expect(desktopOnly).toEqual(expect.arrayContaining(['ebay-publish.spec.ts', 'auth.spec.ts']));
    // The README's first run is a newcomer's, on a laptop; the profit floor is checked where its phone checks are.
    expect(desktopOnly).toEqual(expect.arrayContaining(['first-run.spec.ts', 'every-kind-live.spec.ts', 'connect-simulated.spec.ts']));
    expect(phoneOnly).toEqual(expect.arrayContaining(['profit-floor.spec.ts']));
    // These run on both projects (decision 135: the screens; the seller's currency: the UK's on the phone, Germany's on
    // the desktop, each test skipping the other project).
    for (const both of [
      'a11y.spec.ts',
      'marketplaces-screen.spec.ts',
      'first-week-polish.spec.ts',
      'phone-dashboard-room.spec.ts',
      'seller-currency.spec.ts',
    ])
      expect([...phoneOnly, ...desktopOnly]).not.toContain(both);
  });
});
