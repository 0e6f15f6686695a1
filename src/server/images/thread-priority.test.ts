import { existsSync, readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { atLowPriority } from './thread-priority';

/** The nice value of each of this process's threads whose name starts with `prefix` (Linux /proc). */
function niceOfThreads(prefix: string): number[] {
  return readdirSync('/proc/self/task').flatMap((task) => {
    try {
      if (!readFileSync(`/proc/self/task/${task}/comm`, 'utf8').startsWith(prefix)) return [];
      // Field 19 of stat is the nice value; the name (field 2) is in parentheses and may hold spaces.
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return [Number(fields[16])];
    } catch {
      return [];
    }
  });
}

describe.runIf(existsSync('/proc/self/task'))('image threads at low priority', () => {
  it("runs libvips' worker threads at nice 19 and leaves the event loop's thread alone", async () => {
    const png = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#c06' } })
      .png()
      .toBuffer();
    const mainNice = () => {
      const stat = readFileSync('/proc/self/stat', 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    };
    const before = mainNice();
    await atLowPriority(() => sharp(png).resize(800).webp().toBuffer());
    const vips = niceOfThreads('libvips');
    expect(vips.length).toBeGreaterThan(0);
    expect(new Set(vips)).toEqual(new Set([19]));
    expect(mainNice()).toBe(before);
  });
});
