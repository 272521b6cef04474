// A progress bar on standard error, for long work; silent when standard error is not a terminal.
import type { Lang } from './text.js';

/** The time left, as the language writes it. */
const LEFT: Record<Lang, (seconds: number) => string> = {
  pl: (s) => `jeszcze ok. ${s} s`,
  en: (s) => `ETA ${s}s`,
};

export class Progress {
  private last = 0;
  private readonly start = Date.now();
  private readonly on: boolean;

  constructor(
    private readonly total: number,
    private readonly label: string,
    private readonly lang: Lang,
    stream: NodeJS.WriteStream = process.stderr,
  ) {
    this.on = Boolean(stream.isTTY) && total > 0;
  }

  tick(done: number): void {
    if (!this.on) return;
    const now = Date.now();
    if (now - this.last < 100 && done < this.total) return;
    this.last = now;
    const width = 30;
    const filled = Math.round((done / this.total) * width);
    const rate = done / Math.max((now - this.start) / 1000, 1e-3);
    const eta = rate > 0 ? Math.ceil((this.total - done) / rate) : 0;
    process.stderr.write(
      `\r${this.label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${this.total} ${Math.round(rate)}/s ${LEFT[this.lang](eta)} `,
    );
  }

  done(): void {
    if (this.on) process.stderr.write('\r\x1b[K');
  }
}
