import type { AudioGraph } from '../audio.ts';

/**
 * A recording stand-in for the browser's AudioContext (neither Node nor jsdom has Web Audio): nodes remember
 * what they connect to and every scheduled value, so tests can read what would sound, when and how loud.
 */
export class FakeParam {
  value: number;
  events: { kind: string; value: number; time: number }[] = [];
  constructor(value: number) {
    this.value = value;
  }
  setValueAtTime(value: number, time: number) {
    this.events.push({ kind: 'set', value, time });
    return this;
  }
  exponentialRampToValueAtTime(value: number, time: number) {
    this.events.push({ kind: 'exp', value, time });
    return this;
  }
}

export class FakeNode {
  connections: FakeNode[] = [];
  disconnected = false;
  connect<T extends FakeNode>(node: T): T {
    this.connections.push(node);
    return node;
  }
  disconnect() {
    this.disconnected = true;
  }
}

export class FakeOscillator extends FakeNode {
  type = 'sine';
  frequency = new FakeParam(440);
  startAt: number | null = null;
  stopAt: number | null = null;
  start(time: number) {
    this.startAt = time;
  }
  stop(time: number) {
    this.stopAt = time;
  }
}

export class FakeGain extends FakeNode {
  gain = new FakeParam(1);
}

export class FakeAudioContext {
  currentTime = 0;
  state: AudioContextState = 'running';
  destination = new FakeNode();
  oscillators: FakeOscillator[] = [];
  gains: FakeGain[] = [];
  resumed = 0;
  closed = false;
  createOscillator() {
    const osc = new FakeOscillator();
    this.oscillators.push(osc);
    return osc;
  }
  createGain() {
    const gain = new FakeGain();
    this.gains.push(gain);
    return gain;
  }
  resume() {
    this.resumed += 1;
    this.state = 'running';
    return Promise.resolve();
  }
  close() {
    this.closed = true;
    this.state = 'closed';
    return Promise.resolve();
  }
  asGraph(): AudioGraph {
    return this as unknown as AudioGraph;
  }
  /** The bus (a gain straight into the destination) an oscillator's envelope feeds. */
  busOf(osc: FakeOscillator): FakeNode | undefined {
    return osc.connections[0]?.connections[0];
  }
}
