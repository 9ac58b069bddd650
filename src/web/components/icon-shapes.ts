/**
 * Every icon's shapes on a 24-unit grid, drawn with a 1.8 stroke and round caps: the SVG icons (icons.tsx) and the
 * raster icons the product card draws from one sprite (raster-icon.tsx, scripts/vite-raster-icons.ts) are the same
 * drawings.
 */
export type IconShape =
  | readonly ['path', { d: string }]
  | readonly ['circle', { cx: number; cy: number; r: number }]
  | readonly ['rect', { x: number; y: number; width: number; height: number; rx?: number }];

export const iconShapes = {
  camera: [
    [
      'path',
      { d: 'M4 8.5A2.5 2.5 0 0 1 6.5 6h1.2l1.3-2h6l1.3 2h1.2A2.5 2.5 0 0 1 20 8.5v9a2.5 2.5 0 0 1-2.5 2.5h-11A2.5 2.5 0 0 1 4 17.5z' },
    ],
    ['circle', { cx: 12, cy: 13, r: 3.5 }],
  ],
  sparkles: [
    ['path', { d: 'M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8z' }],
    ['path', { d: 'M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z' }],
  ],
  store: [
    ['path', { d: 'M4 9l1.5-5h13L20 9' }],
    ['path', { d: 'M4 9h16v2a3 3 0 0 1-5.3 1.9A3 3 0 0 1 12 14a3 3 0 0 1-2.7-1.1A3 3 0 0 1 4 11z' }],
    ['path', { d: 'M5.5 13.5V20h13v-6.5' }],
  ],
  key: [
    ['circle', { cx: 8, cy: 15, r: 4 }],
    ['path', { d: 'M10.8 12.2L20 3m-3 3l2 2m-4 0l2 2' }],
  ],
  /** Leaving: the arrow points out of the door, away from it (a "log in" arrow points into it). */
  user: [
    ['circle', { cx: 12, cy: 8, r: 4 }],
    ['path', { d: 'M4.5 20a7.5 7.5 0 0 1 15 0' }],
  ],
  logOut: [
    ['path', { d: 'M9 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h3' }],
    ['path', { d: 'M15 17l5-5-5-5M20 12H9' }],
  ],
  box: [
    ['path', { d: 'M21 8l-9-5-9 5 9 5 9-5z' }],
    ['path', { d: 'M3 8v8l9 5 9-5V8M12 13v8' }],
  ],
  arrowLeft: [['path', { d: 'M19 12H5M11 18l-6-6 6-6' }]],
  check: [['path', { d: 'M5 12.5l4.5 4.5L19 7.5' }]],
  barChart: [['path', { d: 'M4 20h16M7 16v-5M12 16V6M17 16v-8' }]],
  download: [['path', { d: 'M12 4v11M7 10l5 5 5-5M5 20h14' }]],
  x: [['path', { d: 'M6 6l12 12M18 6L6 18' }]],
  upload: [
    ['path', { d: 'M12 16V4M7 9l5-5 5 5' }],
    ['path', { d: 'M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2' }],
  ],
  home: [['path', { d: 'M4 11l8-7 8 7v8a1 1 0 0 1-1 1h-4v-6H9v6H5a1 1 0 0 1-1-1z' }]],
  images: [
    ['rect', { x: 3, y: 5, width: 14, height: 14, rx: 2 }],
    ['path', { d: 'M7 3h12a2 2 0 0 1 2 2v12' }],
    ['circle', { cx: 8, cy: 10, r: 1.5 }],
    ['path', { d: 'M17 15l-3.5-3.5L6 19' }],
  ],
  trash: [['path', { d: 'M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3' }]],
  pencil: [
    ['path', { d: 'M4 20h4L19 9l-4-4L4 16z' }],
    ['path', { d: 'M13.5 6.5l4 4' }],
  ],
  flipCamera: [
    ['path', { d: 'M4 12a8 8 0 0 1 13.7-5.6L20 8.5M20 4v4.5h-4.5' }],
    ['path', { d: 'M20 12a8 8 0 0 1-13.7 5.6L4 15.5M4 20v-4.5h4.5' }],
  ],
  sliders: [
    ['path', { d: 'M4 7h9M17 7h3M4 17h3M11 17h9' }],
    ['circle', { cx: 15, cy: 7, r: 2 }],
    ['circle', { cx: 9, cy: 17, r: 2 }],
  ],
  grid: [
    ['rect', { x: 4, y: 4, width: 7, height: 7, rx: 1.5 }],
    ['rect', { x: 13, y: 4, width: 7, height: 7, rx: 1.5 }],
    ['rect', { x: 4, y: 13, width: 7, height: 7, rx: 1.5 }],
    ['rect', { x: 13, y: 13, width: 7, height: 7, rx: 1.5 }],
  ],
  alertTriangle: [
    ['path', { d: 'M12 4l9 16H3z' }],
    ['path', { d: 'M12 10v4M12 17.5v.01' }],
  ],
  info: [
    ['circle', { cx: 12, cy: 12, r: 9 }],
    ['path', { d: 'M12 11v6M12 7.5v.01' }],
  ],
  refresh: [
    ['path', { d: 'M20 11a8 8 0 0 0-14.6-4.5L4 8' }],
    ['path', { d: 'M4 4v4h4' }],
    ['path', { d: 'M4 13a8 8 0 0 0 14.6 4.5L20 16' }],
    ['path', { d: 'M20 20v-4h-4' }],
  ],
  clock: [
    ['circle', { cx: 12, cy: 12, r: 9 }],
    ['path', { d: 'M12 7v5l3 2' }],
  ],
  chevronDown: [['path', { d: 'M6 9l6 6 6-6' }]],
  search: [
    ['circle', { cx: 11, cy: 11, r: 7 }],
    ['path', { d: 'M20 20l-3.5-3.5' }],
  ],
} satisfies Record<string, readonly IconShape[]>;

export type IconName = keyof typeof iconShapes;
