/**
 * Chromium DevTools' network throttling presets, as its front end defines them (ChromeDevTools/devtools-frontend,
 * front_end/core/sdk/NetworkManager.ts, `Slow4GConditions` and `Fast4GConditions`, read 2026-11-25), in the shape
 * CDP's Network.emulateNetworkConditions takes: bytes a second and milliseconds of latency. DevTools derives each
 * from a nominal figure: throughput x 0.9 and latency x 3.75 (Slow 4G) or x 2.75 (Fast 4G).
 */
export interface NetworkConditions {
  offline: boolean;
  /** Milliseconds added to every request. */
  latency: number;
  /** Bytes a second. */
  downloadThroughput: number;
  /** Bytes a second. */
  uploadThroughput: number;
}

/** "Slow 4G": ~1.6 Mbps down, ~0.75 Mbps up, 150 ms RTT (180,000 B/s, 84,375 B/s, 562.5 ms). */
export const slow4g: NetworkConditions = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};

/** "Fast 4G": 9 Mbps down, 1.5 Mbps up, 60 ms RTT (1,012,500 B/s, 168,750 B/s, 165 ms). */
export const fast4g: NetworkConditions = {
  offline: false,
  latency: 60 * 2.75,
  downloadThroughput: ((9 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((1.5 * 1000 * 1000) / 8) * 0.9,
};
