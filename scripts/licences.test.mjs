import { describe, expect, it } from 'vitest';
import { checkProject, licenceAllowed, licenceOf, licenceProblems } from './licences.mjs';

describe('licenceAllowed: an SPDX expression against the allow-list', () => {
  it('takes the permissive licences and refuses copyleft, source-available and unknown ones', () => {
    for (const licence of ['MIT', 'ISC', 'Apache-2.0', 'BSD-2-Clause', 'BSD-3-Clause', '0BSD', 'BlueOak-1.0.0', 'CC0-1.0', 'Python-2.0'])
      expect(licenceAllowed(licence), licence).toBe(true);
    for (const licence of ['GPL-3.0-only', 'GPL-2.0+', 'AGPL-3.0-or-later', 'SSPL-1.0', 'LGPL-3.0', 'BUSL-1.1', 'UNLICENSED'])
      expect(licenceAllowed(licence), licence).toBe(false);
    for (const nothing of [null, undefined, '', 'SEE LICENSE IN LICENSE.md']) expect(licenceAllowed(nothing), String(nothing)).toBe(false);
  });

  it('OR needs one allowed side, AND both, with parentheses', () => {
    expect(licenceAllowed('(MIT OR GPL-3.0-only)')).toBe(true);
    expect(licenceAllowed('GPL-3.0-only OR Apache-2.0')).toBe(true);
    expect(licenceAllowed('MIT AND ISC AND BSD-3-Clause')).toBe(true);
    expect(licenceAllowed('MIT AND GPL-3.0-only')).toBe(false);
    expect(licenceAllowed('(MIT AND AGPL-3.0-only) OR SSPL-1.0')).toBe(false);
    expect(licenceAllowed('(MIT AND AGPL-3.0-only) OR (ISC AND BSD-2-Clause)')).toBe(true);
  });

  it('a licence with an exception only as that pair; a broken expression is refused', () => {
    expect(licenceAllowed('GPL-2.0-only WITH Classpath-exception-2.0')).toBe(false);
    expect(licenceAllowed('GPL-2.0-only WITH Classpath-exception-2.0', new Set(['GPL-2.0-only WITH Classpath-exception-2.0']))).toBe(true);
    for (const broken of ['(MIT', 'MIT OR', 'AND MIT', 'MIT ISC', 'MIT WITH']) expect(licenceAllowed(broken), broken).toBe(false);
  });
});

describe('licenceOf: the licence a package.json declares', () => {
  it('reads `license`, its old object form and the old `licenses` list', () => {
    expect(licenceOf({ license: 'MIT' })).toBe('MIT');
    expect(licenceOf({ license: { type: 'ISC', url: 'https://example.com' } })).toBe('ISC');
    expect(licenceOf({ licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }] })).toBe('(MIT OR Apache-2.0)');
    expect(licenceOf({})).toBe(null);
    expect(licenceOf(null)).toBe(null);
  });
});

describe('licenceProblems: the runtime packages of a lockfile', () => {
  const lock = (packages) => ({ lockfileVersion: 3, packages: { '': { name: 'app', license: 'MIT' }, ...packages } });

  it('checks every runtime package at any depth, dev-only ones never', () => {
    const problems = licenceProblems(
      lock({
        'node_modules/fine': { license: 'MIT' },
        'node_modules/fine/node_modules/@scope/deep': { license: 'AGPL-3.0-only' },
        'node_modules/tool': { license: 'GPL-3.0-only', dev: true },
        'node_modules/binary': { license: 'SSPL-1.0', optional: true },
      }),
    );
    expect(problems.map((p) => [p.name, p.why])).toEqual([
      ['@scope/deep', 'AGPL-3.0-only is not on the allow-list'],
      ['binary', 'SSPL-1.0 is not on the allow-list'],
    ]);
  });

  it('reads the installed package.json where the lockfile says no licence; none anywhere fails', () => {
    const manifests = { 'node_modules/old': { licenses: [{ type: 'BSD-3-Clause' }] } };
    const problems = licenceProblems(lock({ 'node_modules/old': {}, 'node_modules/bare': {} }), {
      readManifest: (key) => manifests[key] ?? null,
    });
    expect(problems).toEqual([{ name: 'bare', key: 'node_modules/bare', licence: null, why: 'no licence' }]);
  });

  it('lets a reviewed package pass under the licence reviewed only, its name matched whole or by prefix', () => {
    const reviewed = [
      { name: 'libthing', licence: 'LGPL-3.0', reason: 'a separate, unmodified library' },
      { name: '@img/native-*', licence: 'LGPL-3.0-or-later', reason: 'a shared library loaded unmodified' },
    ];
    const problems = licenceProblems(
      lock({
        'node_modules/libthing': { license: 'LGPL-3.0' },
        'node_modules/@img/native-linux-x64': { license: 'LGPL-3.0-or-later' },
        'node_modules/@img/native-darwin-arm64': { license: 'GPL-3.0-or-later' },
        'node_modules/libthing-extra': { license: 'LGPL-3.0' },
      }),
      { reviewed },
    );
    expect(problems.map((p) => [p.name, p.why])).toEqual([
      ['@img/native-darwin-arm64', 'reviewed under LGPL-3.0-or-later, now GPL-3.0-or-later'],
      ['libthing-extra', 'LGPL-3.0 is not on the allow-list'],
    ]);
  });
});

describe("the project's own dependencies", () => {
  it('are all allowed or reviewed', () => {
    const { runtime, problems } = checkProject(`${import.meta.dirname}/..`);
    expect(runtime).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });
});
