import { beforeEach, describe, expect, it } from 'vitest';
import { consentReturnIsFor, forgetConsentChannel, rememberConsentChannel } from './consent-return';

beforeEach(() => window.sessionStorage.clear());

describe('whose consent return /channels?code&state is (Etsy and Depop both land there)', () => {
  it('is the channel whose consent this tab opened, and no other', () => {
    rememberConsentChannel('depop');
    expect(consentReturnIsFor('depop', false)).toBe(true);
    expect(consentReturnIsFor('etsy', true)).toBe(false);
  });

  it('with none remembered, only the channel that takes it by default (Etsy, as before Depop)', () => {
    expect(consentReturnIsFor('etsy', true)).toBe(true);
    expect(consentReturnIsFor('depop', false)).toBe(false);
  });

  it('is forgotten once taken', () => {
    rememberConsentChannel('depop');
    forgetConsentChannel();
    expect(consentReturnIsFor('depop', false)).toBe(false);
  });
});
