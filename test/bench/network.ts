// Lighthouse's throttling presets as DevTools applies them (Chromium's own network emulation over the
// DevTools protocol): every request waits `latencyMs` before its answer starts, and bytes flow at
// `kbps`. Anyone can reproduce a figure in DevTools' Network panel with the same numbers.
import type { CDPSession } from 'playwright-core';

export interface NetworkPreset {
  name: string;
  /** Request latency (Lighthouse's `requestLatencyMs`). */
  latencyMs: number;
  /** Download and upload throughput, kbit/s. */
  kbps: number;
  /** CPU slowdown (`Emulation.setCPUThrottlingRate`); 1: none. */
  cpuSlowdown: number;
}

/** Lighthouse's desktop preset: what a console on a desk a continent away from its API and host has. */
export const DESKTOP: NetworkPreset = { name: 'desktop preset (150 ms, 9,216 kbit/s)', latencyMs: 150, kbps: 9216, cpuSlowdown: 1 };
/** Lighthouse's mobile preset ("slow 4G", a mid-range phone's CPU). */
export const MOBILE: NetworkPreset = { name: 'mobile preset (562.5 ms, 1,474.56 kbit/s, CPU 4×)', latencyMs: 562.5, kbps: 1474.56, cpuSlowdown: 4 };

/** Applies `preset` to the page behind `cdp`, before it navigates. */
export async function emulateNetwork(cdp: CDPSession, preset: NetworkPreset): Promise<void> {
  const bytesPerSecond = (preset.kbps * 1024) / 8;
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: preset.latencyMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  if (preset.cpuSlowdown !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: preset.cpuSlowdown });
}
