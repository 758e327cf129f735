/** The drifting dots of the background: plain data and a step function, drawn by particle-background.tsx. */
export interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  radius: number;
  hue: number;
}

/** One particle per this many square pixels, capped, so small screens stay light. */
const AREA_PER_PARTICLE = 14_000;
const MAX_PARTICLES = 90;

export function createParticles(width: number, height: number, random: () => number): Particle[] {
  const count = Math.min(MAX_PARTICLES, Math.floor((width * height) / AREA_PER_PARTICLE));
  return Array.from({ length: count }, () => ({
    x: random() * width,
    y: random() * height,
    vx: (random() - 0.5) * 0.4,
    vy: (random() - 0.5) * 0.4,
    radius: 0.8 + random() * 2.2,
    // neon greens, cyans and magentas
    hue: [140, 185, 300][Math.floor(random() * 3)] ?? 185,
  }));
}

/** Moves every particle by one frame, wrapping at the edges. */
export function stepParticles(particles: Particle[], width: number, height: number): void {
  for (const p of particles) {
    p.x = (p.x + p.vx + width) % width;
    p.y = (p.y + p.vy + height) % height;
  }
}

export function drawParticles(
  ctx: CanvasRenderingContext2D,
  particles: Particle[],
  width: number,
  height: number,
) {
  ctx.clearRect(0, 0, width, height);
  for (const p of particles) {
    ctx.beginPath();
    ctx.arc(p.x, p.y, p.radius, 0, Math.PI * 2);
    ctx.fillStyle = `hsla(${p.hue}, 100%, 65%, 0.55)`;
    ctx.fill();
  }
}
