/**
 * A 3x3 sharpening kernel scaled by sharpness/100 — centre 1 + 4a, the four neighbours -a — so 0 leaves
 * the photo as it is and 100 is the classic [0 -1 0; -1 5 -1; 0 -1 0]. Edge pixels are left unchanged.
 */
export function sharpen(image: ImageData, sharpness: number): void {
  const amount = sharpness / 100;
  if (amount <= 0) return;
  const { width, height, data } = image;
  const source = new Uint8ClampedArray(data);
  const centre = 1 + 4 * amount;
  const row = width * 4;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const p = y * row + x * 4;
      for (let ch = 0; ch < 3; ch++) {
        const q = p + ch;
        // Edge pixels are skipped, so every neighbour index is inside the image (the ?? 0 never applies).
        const at = (index: number) => source[index] ?? 0;
        data[q] = centre * at(q) - amount * (at(q - 4) + at(q + 4) + at(q - row) + at(q + row));
      }
    }
  }
}
