import { garmentColours, namedOn } from './src/server/adapters/ai/garment-colours';
import { garmentPhoto } from './src/server/test/garment-photos';
import { labelPhoto } from './src/server/test/label-photos';
const rows: [string, any, string, string][] = [
  ['#c2185b', 'dress', '#f4f3f0', 'Pink'], ['#f8bbd0', 'tshirt', '#d8d8d6', 'Pink'], ['#e75480', 'dress', '#f4f3f0', 'Pink'], ['#1f2a44', 'jacket', '#f4f3f0', 'Blue'], ['#14213d', 'trousers', '#efe9df', 'Blue'], ['#722f37', 'dress', '#f4f3f0', 'Red'], ['#800020', 'tshirt', '#d8d8d6', 'Red'], ['#b22222', 'tshirt', '#f4f3f0', 'Red'], ['#d62828', 'dress', '#efe9df', 'Red'], ['#6b6b2f', 'jacket', '#f4f3f0', 'Green'], ['#556b2f', 'trousers', '#d8d8d6', 'Green'], ['#228b22', 'tshirt', '#f4f3f0', 'Green'], ['#2e5e3e', 'jacket', '#efe9df', 'Green'], ['#d9c5a3', 'trousers', '#9a9a9a', 'Beige'], ['#e1d2b6', 'jacket', '#9a9a9a', 'Beige'], ['#1b1b1b', 'tshirt', '#f4f3f0', 'Black'], ['#0f0f10', 'trousers', '#d8d8d6', 'Black'], ['#f5f5f3', 'tshirt', '#9a9a9a', 'White'], ['#fafafa', 'dress', '#7d7d7d', 'White'], ['#44618a', 'trousers', '#f4f3f0', 'Blue'], ['#5d7ea8', 'trousers', '#efe9df', 'Blue'], ['#2b4f9e', 'jacket', '#f4f3f0', 'Blue'], ['#87b5e0', 'tshirt', '#d8d8d6', 'Blue'], ['#808080', 'tshirt', '#f4f3f0', 'Gray'], ['#4a4a4a', 'jacket', '#efe9df', 'Gray'], ['#b0b0b0', 'trousers', '#f4f3f0', 'Gray'], ['#5b3a29', 'jacket', '#f4f3f0', 'Brown'], ['#7b4b2a', 'trousers', '#d8d8d6', 'Brown'], ['#6a329f', 'dress', '#f4f3f0', 'Purple'], ['#b39ddb', 'tshirt', '#d8d8d6', 'Purple'], ['#ef6c00', 'tshirt', '#f4f3f0', 'Orange'], ['#e2725b', 'dress', '#efe9df', 'Orange'], ['#f4d03f', 'tshirt', '#d8d8d6', 'Yellow'], ['#d4a72c', 'jacket', '#f4f3f0', 'Yellow'], ['#c19a6b', 'jacket', '#f4f3f0', 'Brown'], ['#0e7c7b', 'tshirt', '#f4f3f0', 'Blue']];
const out: string[] = [];
for (const [i, [hex, shape, bg, hand]] of rows.entries()) {
  const r = await garmentColours(await garmentPhoto({ garment: hex, background: bg, shape, seed: 100 + i }));
  const n = r ? namedOn(r, 'ebay') : [];
  out.push(`${n[0]?.confidence} ${n[0]?.name} ${hand} ${hex} ${shape} share=${n[0]?.share.toFixed(2)} ${r?.method}`);
}
console.log(out.sort().join('\n'));
const tagShot = await labelPhoto({ kind: 'swing tag', lines: [{ text: "LEVI'S", scale: 2.4, bold: true }], home: 'US', seed: 3, truth: { brand: null, size: null, composition: null, country: null, rn: null } }, { clean: true, size: 640 });
const t = await garmentColours(tagShot); console.log('tag', t && namedOn(t, 'ebay'));
