/**
 * The trading sounds, synthesized with the Web Audio API (no files to download): a short rising
 * blip when a deal opens, a bright two-note chime when a bet closes in profit, a low falling tone
 * when it closes in loss.
 */
export type TradingSoundName = 'deal-open' | 'profit-close' | 'loss-close';

interface Note {
  /** Hz at the start and at the end of the note (a glide when they differ). */
  from: number;
  to: number;
  /** Seconds after the sound starts. */
  at: number;
  duration: number;
  type: OscillatorType;
  gain: number;
}

const SOUNDS: Record<TradingSoundName, Note[]> = {
  'deal-open': [{ from: 520, to: 880, at: 0, duration: 0.12, type: 'triangle', gain: 0.18 }],
  'profit-close': [
    { from: 784, to: 784, at: 0, duration: 0.14, type: 'sine', gain: 0.2 },
    { from: 1175, to: 1175, at: 0.12, duration: 0.26, type: 'sine', gain: 0.2 },
  ],
  'loss-close': [{ from: 330, to: 196, at: 0, duration: 0.35, type: 'sawtooth', gain: 0.08 }],
};

type AudioContextConstructor = typeof AudioContext;

let shared: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (shared) return shared;
  const Constructor: AudioContextConstructor | undefined =
    globalThis.AudioContext ??
    (globalThis as unknown as { webkitAudioContext?: AudioContextConstructor }).webkitAudioContext;
  if (!Constructor) return null;
  shared = new Constructor();
  return shared;
}

/** Plays a trading sound; silently does nothing where Web Audio is missing or still locked. */
export function playTradingSound(name: TradingSoundName, context: AudioContext | null = audioContext()): void {
  if (!context) return;
  // Browsers start an AudioContext suspended until a user gesture; a click on up/down is one.
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  const start = context.currentTime + 0.01;
  for (const note of SOUNDS[name]) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = note.type;
    oscillator.frequency.setValueAtTime(note.from, start + note.at);
    if (note.to !== note.from)
      oscillator.frequency.exponentialRampToValueAtTime(note.to, start + note.at + note.duration);
    // A quick attack and an exponential release avoid clicks.
    gain.gain.setValueAtTime(0.0001, start + note.at);
    gain.gain.exponentialRampToValueAtTime(note.gain, start + note.at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + note.at + note.duration);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + note.at);
    oscillator.stop(start + note.at + note.duration + 0.02);
  }
}
