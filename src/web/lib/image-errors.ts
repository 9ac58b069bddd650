/** Image errors: the messages every image step in the browser fails with. */
export const imageErrors = {
  noContext: 'Failed to get canvas context',
  compress: 'Failed to compress image',
  load: 'Failed to load image',
  preview: 'Failed to create preview',
} as const;
