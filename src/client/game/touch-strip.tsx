import { type PointerEvent, useRef } from 'react';
import { CANVAS_HEIGHT } from '../../common/game/constants.ts';
import type { PaddleControl } from './input.ts';

/**
 * SPEC §2: below 768 px, a drag-or-tap paddle control strip under the game. Its height stands for the field's
 * height: touching a point puts the paddle's centre at the same fraction of the field, and dragging follows
 * the finger. The marker is moved through its style, not React state, so a drag renders nothing.
 */
export function TouchStrip({ control }: { control: PaddleControl }) {
  const marker = useRef<HTMLSpanElement>(null);
  const strip = useRef<HTMLDivElement>(null);

  const follow = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    control.pointerAt(event.clientY, rect.top, rect.height);
    const y = control.target ?? CANVAS_HEIGHT / 2;
    if (marker.current) marker.current.style.top = `${(y / CANVAS_HEIGHT) * 100}%`;
    strip.current?.setAttribute('aria-valuenow', String(Math.round(y)));
  };

  return (
    <div
      ref={strip}
      role="slider"
      tabIndex={-1}
      aria-label="Paddle control: drag or tap"
      aria-orientation="vertical"
      aria-valuemin={0}
      aria-valuemax={CANVAS_HEIGHT}
      aria-valuenow={CANVAS_HEIGHT / 2}
      className="relative mt-3 h-36 w-full touch-none select-none rounded-lg border-2 border-cyan-400/50 bg-slate-950/80"
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture?.(event.pointerId);
        follow(event);
      }}
      onPointerMove={(event) => {
        if (event.buttons !== 0 || event.pointerType === 'touch') follow(event);
      }}
    >
      <span
        ref={marker}
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-4 h-1 -translate-y-1/2 rounded bg-green-400"
        style={{ top: '50%' }}
      />
      <span className="pointer-events-none absolute inset-x-0 bottom-2 text-center font-retro text-[10px] text-slate-500">
        DRAG OR TAP TO MOVE
      </span>
    </div>
  );
}
