import { paced } from '@shared/testing/pace';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { barcodePhoto } from '../../../test/barcode-photos';
import { labelPhoto } from '../../../test/label-photos';
import { labelFactsOf } from './label-facts';
import { createLabelOcr } from './label-ocr';

/**
 * Decision 165: the label reader works on a fresh install with no network. Its process runs with every way out cut
 * (sockets, DNS, fetch; src/server/test/no-network.mjs) and still reads a label and a barcode: its models and ZXing's
 * WebAssembly come from the installed packages, and nothing was even tried.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'rs-ocr-'));
const attempts = path.join(dir, 'network.log');
const guard = fileURLToPath(new URL('../../../test/no-network.mjs', import.meta.url));
process.env.NO_NETWORK_LOG = attempts;
const ocr = createLabelOcr({ execArgv: ['--import', guard], idleMs: 1_000 });

afterAll(async () => {
  await ocr.close();
  delete process.env.NO_NETWORK_LOG;
  rmSync(dir, { recursive: true, force: true });
});

describe('the offline label reader', () => {
  it(
    'reads a label and a barcode with the network cut, trying nothing',
    async () => {
      const photo = await labelPhoto(
        {
          kind: 'care label',
          lines: [
            { text: '60% WOOL', scale: 1.2 },
            { text: '40% POLYAMIDE', scale: 1.2 },
            { text: 'MADE IN PORTUGAL', scale: 1.2 },
          ],
          home: 'UK',
          seed: 11,
          truth: { brand: null, size: null, composition: null, country: null, rn: null },
        },
        { clean: true, size: 480 },
      );
      const { lines } = await ocr.read(photo);
      const facts = labelFactsOf(lines, { brands: [], home: 'UK' });
      expect(facts.composition?.value).toBe('60% Wool, 40% Polyamide');
      expect(facts.country?.value).toBe('Portugal');
      // The tag's barcode, by ZXing's WebAssembly from the package (by default it would fetch it from a CDN).
      const tag = await ocr.read(await barcodePhoto('5012345678900'));
      expect(tag.barcodes).toEqual([{ format: 'EAN13', text: '5012345678900' }]);
      expect(existsSync(attempts) ? readFileSync(attempts, 'utf8') : '').toBe('');
    },
    paced(60_000),
  );
  it(
    'a read that comes as the idle reader is being stopped goes to a new one',
    async () => {
      // Before: the stopped reader was still the one reads were sent to until it had exited, so a read in that moment
      // failed with "label reader stopped (SIGTERM)" (seen in CI when making the next photo took longer than idleMs).
      const quick = createLabelOcr({ execArgv: ['--import', guard], idleMs: 1 });
      try {
        const photo = await barcodePhoto('5012345678900');
        expect((await quick.read(photo)).barcodes).toHaveLength(1);
        await new Promise((resolve) => setTimeout(resolve, 5));
        expect((await quick.read(photo)).barcodes).toEqual([{ format: 'EAN13', text: '5012345678900' }]);
      } finally {
        await quick.close();
      }
    },
    paced(60_000),
  );
});
