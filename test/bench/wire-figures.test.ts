import { describe, expect, it } from 'vitest';
import { createSampleHistogram } from '../../bench/sample-histogram.ts';
import { eventWireGoals, wireFiguresOf } from '../../bench/wire-figures.ts';

describe('bench: the wire’s figures', () => {
  const measured = () => ({
    wire: 'events' as const,
    players: 4,
    botSeconds: 10,
    messages: 500,
    frames: 400,
    drawn: createSampleHistogram(),
    drawnRtt: createSampleHistogram(),
    rttMs: 100,
  });

  it('messages and frames per player per second; a batch of two is two messages in one frame', () => {
    expect(wireFiguresOf(measured())).toMatchObject({
      messagesPerPlayerPerSec: 12.5,
      framesPerPlayerPerSec: 10,
    });
  });

  it('the drawn-ball error’s p50 and p99 for each round trip, null where no bot drew a predicted ball', () => {
    const m = measured();
    for (let px = 1; px <= 100; px++) m.drawnRtt.add(px);
    expect(wireFiguresOf(m)).toMatchObject({
      drawnErrorP50Px: null,
      drawnErrorP99Px: null,
      addedRttMs: 100,
      drawnErrorRttP50Px: 50,
      drawnErrorRttP99Px: 99,
    });
  });

  it('the drawn-ball goals are read at the added round trip, and n/a when it was not measured', () => {
    const figures = {
      ...wireFiguresOf(measured()),
      drawnErrorRttP50Px: 4.9,
      drawnErrorRttP99Px: 41,
      echoP99Ms: 110,
      bytesPerPlayerPerSec: 1_000,
      cpuPerMatchPct: null,
    };
    const met = Object.fromEntries(eventWireGoals(figures).map((g) => [g.goal, g.met]));
    expect(met).toEqual({
      'echoP99Ms ≤ 125': true,
      'echoP99Ms ≤ 53 (old wire)': false,
      'drawnErrorP50Px ≤ 5 at +100 ms RTT': true,
      'drawnErrorP99Px ≤ 40 at +100 ms RTT': false,
      'cpuPerMatchPct ≤ 0.083': null,
      'bytesPerPlayerPerSec ≤ 1024': true,
    });
    expect(
      eventWireGoals({ ...figures, drawnErrorRttP50Px: null }).find((g) => g.goal.startsWith('drawnErrorP50'))
        ?.met,
    ).toBeNull();
  });
});
