import type { DrawingContext } from '../render.ts';

/** One drawing call, with the style in force when it was made. */
export interface DrawCall {
  op: 'fillRect' | 'fillText' | 'stroke' | 'moveTo' | 'lineTo' | 'setLineDash' | 'beginPath';
  args: unknown[];
  fillStyle: string;
  strokeStyle: string;
  font: string;
  globalAlpha: number;
  lineDash: number[];
}

/** A 2D context that draws nothing and records every call, for renderer tests (jsdom has no canvas). */
export class RecordingContext implements DrawingContext {
  calls: DrawCall[] = [];
  fillStyle: string | CanvasGradient | CanvasPattern = '#000000';
  strokeStyle: string | CanvasGradient | CanvasPattern = '#000000';
  lineWidth = 1;
  font = '10px sans-serif';
  textAlign: CanvasTextAlign = 'start';
  textBaseline: CanvasTextBaseline = 'alphabetic';
  globalAlpha = 1;
  private dash: number[] = [];

  private record(op: DrawCall['op'], args: unknown[]): void {
    this.calls.push({
      op,
      args,
      fillStyle: String(this.fillStyle),
      strokeStyle: String(this.strokeStyle),
      font: this.font,
      globalAlpha: this.globalAlpha,
      lineDash: [...this.dash],
    });
  }

  fillRect(x: number, y: number, w: number, h: number): void {
    this.record('fillRect', [x, y, w, h]);
  }
  fillText(text: string, x: number, y: number): void {
    this.record('fillText', [text, x, y]);
  }
  beginPath(): void {
    this.record('beginPath', []);
  }
  moveTo(x: number, y: number): void {
    this.record('moveTo', [x, y]);
  }
  lineTo(x: number, y: number): void {
    this.record('lineTo', [x, y]);
  }
  stroke(): void {
    this.record('stroke', []);
  }
  setLineDash(segments: number[]): void {
    this.dash = [...segments];
    this.record('setLineDash', [segments]);
  }

  /** The texts drawn, in order. */
  texts(): string[] {
    return this.calls.filter((c) => c.op === 'fillText').map((c) => String(c.args[0]));
  }
  /** fillRect calls as [x, y, w, h] with their colour. */
  rects(): { x: number; y: number; w: number; h: number; color: string; alpha: number }[] {
    return this.calls
      .filter((c) => c.op === 'fillRect')
      .map((c) => {
        const [x, y, w, h] = c.args as number[];
        return { x: x!, y: y!, w: w!, h: h!, color: c.fillStyle, alpha: c.globalAlpha };
      });
  }
  clear(): void {
    this.calls = [];
  }
}
