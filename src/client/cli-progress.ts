/** A stream the progress line is drawn on. */
export interface ProgressStream {
  write(text: string): unknown;
  /** Only a terminal gets the animated line; logs and pipes get nothing. */
  isTTY?: boolean;
}

/** A one-line progress indicator. */
export interface Progress {
  /** Replaces the text after the spinner. */
  update(text: string): void;
  /** Clears the line and stops redrawing. */
  stop(): void;
}

const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/**
 * Draws `⠋ <text> (12 s)` on one line of `stream`, redrawn ten times a second, when the stream
 * is a terminal; does nothing otherwise (so CI logs stay clean).
 */
export function startProgress(stream: ProgressStream, text: string): Progress {
  if (!stream.isTTY) return { update() {}, stop() {} };
  const started = Date.now();
  let current = text;
  let frame = 0;
  const draw = () => {
    const seconds = Math.floor((Date.now() - started) / 1000);
    stream.write(`\r${frames[frame++ % frames.length]} ${current} (${seconds} s)\x1b[K`);
  };
  draw();
  const timer = setInterval(draw, 100);
  return {
    update(next) {
      current = next;
    },
    stop() {
      clearInterval(timer);
      stream.write('\r\x1b[K');
    },
  };
}
