import { useEffect, useRef } from 'react';
import { createParticles, drawParticles, stepParticles } from './particles.ts';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * The animated particle background behind every screen (SPEC §2). One canvas, animated by
 * requestAnimationFrame outside React state; with reduced motion preferred it draws one still frame.
 */
export function ParticleBackground() {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    // Without matchMedia (no real layout engine) the motion preference is unknown: stay blank.
    if (!canvas || typeof window.matchMedia !== 'function') return;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    const motion = window.matchMedia(REDUCED_MOTION);
    let width = 0;
    let height = 0;
    let particles = createParticles(0, 0, Math.random);
    let frame = 0;

    const resize = () => {
      const dpr = window.devicePixelRatio || 1;
      width = window.innerWidth;
      height = window.innerHeight;
      canvas.width = Math.floor(width * dpr);
      canvas.height = Math.floor(height * dpr);
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      particles = createParticles(width, height, Math.random);
      drawParticles(ctx, particles, width, height);
    };
    const tick = () => {
      stepParticles(particles, width, height);
      drawParticles(ctx, particles, width, height);
      frame = requestAnimationFrame(tick);
    };
    const start = () => {
      cancelAnimationFrame(frame);
      frame = motion.matches ? 0 : requestAnimationFrame(tick);
    };

    resize();
    start();
    window.addEventListener('resize', resize);
    motion.addEventListener('change', start);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', resize);
      motion.removeEventListener('change', start);
    };
  }, []);

  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0 -z-10">
      <canvas ref={canvasRef} className="block h-full w-full" />
    </div>
  );
}
