import type { CDPSession } from 'playwright-core';
import sharp from 'sharp';

/** A frame of the load's filmstrip: when it was painted (epoch ms) and the JPEG Chromium sent. */
export interface FilmstripFrame {
  at: number;
  jpeg: Buffer;
}

/** Per-channel colour histograms of a frame, near-white pixels left out (they are the empty page). */
export type Histogram = [number[], number[], number[]];

/** Small frames are enough for colour histograms and keep the recording cheap. */
const FRAME_SIZE = { maxWidth: 200, maxHeight: 400 };
/** Pixels brighter than this in every channel count as background, as in speedline. */
const WHITE = 249;

/**
 * Records the screencast of a tab while it loads: Chromium sends a frame each time the visible page
 * changes. `stop()` ends the recording and answers the frames in paint order.
 */
export async function recordFilmstrip(cdp: CDPSession): Promise<{ stop(): Promise<FilmstripFrame[]> }> {
  const frames: FilmstripFrame[] = [];
  cdp.on('Page.screencastFrame', ({ data, metadata, sessionId }) => {
    if (metadata.timestamp !== undefined) {
      frames.push({ at: metadata.timestamp * 1000, jpeg: Buffer.from(data, 'base64') });
    }
    cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => {});
  });
  await cdp.send('Page.enable');
  await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 60, everyNthFrame: 1, ...FRAME_SIZE });
  return {
    async stop() {
      await cdp.send('Page.stopScreencast').catch(() => {});
      return frames.sort((a, b) => a.at - b.at);
    },
  };
}

export async function histogramOf(jpeg: Buffer): Promise<Histogram> {
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [reds, greens, blues] = [0, 1, 2].map(() => new Array<number>(256).fill(0)) as Histogram;
  for (let i = 0; i < info.width * info.height; i++) {
    const r = data[i * 3]!;
    const g = data[i * 3 + 1]!;
    const b = data[i * 3 + 2]!;
    if (r > WHITE && g > WHITE && b > WHITE) continue;
    reds[r]!++;
    greens[g]!++;
    blues[b]!++;
  }
  return [reds, greens, blues];
}

/**
 * How far a frame has come from a blank page towards the final one (0 to 1): per channel, the
 * share of the final frame's colour histogram the frame already matches, averaged over channels.
 * This is speedline's histogram progress with an empty page as the start.
 */
export function visualProgress(frame: Histogram, final: Histogram): number {
  let sum = 0;
  for (let channel = 0; channel < 3; channel++) {
    let matching = 0;
    let total = 0;
    for (let bin = 0; bin < 256; bin++) {
      matching += Math.min(frame[channel]![bin]!, final[channel]![bin]!);
      total += final[channel]![bin]!;
    }
    sum += total === 0 ? 1 : matching / total;
  }
  return sum / 3;
}

/**
 * Speed Index in ms: the area above the visual progress curve from navigation start, i.e. the sum
 * over each interval of (1 − progress) × its length. Null when no frame was painted.
 */
export function speedIndexOf(
  progress: { at: number; value: number }[],
  navigationStart: number,
): number | null {
  const painted = progress.filter((point) => point.at >= navigationStart);
  if (painted.length === 0) return null;
  let index = 0;
  let last = { at: navigationStart, value: 0 };
  for (const point of painted) {
    index += (1 - last.value) * (point.at - last.at);
    last = point;
  }
  return Math.round(index);
}

/** Speed Index of a recorded load, the last frame taken as visually complete. */
export async function filmstripSpeedIndex(
  frames: FilmstripFrame[],
  navigationStart: number,
): Promise<number | null> {
  const painted = frames.filter((frame) => frame.at >= navigationStart);
  if (painted.length === 0) return null;
  const histograms = await Promise.all(painted.map((frame) => histogramOf(frame.jpeg)));
  const final = histograms.at(-1)!;
  return speedIndexOf(
    painted.map((frame, i) => ({ at: frame.at, value: visualProgress(histograms[i]!, final) })),
    navigationStart,
  );
}
