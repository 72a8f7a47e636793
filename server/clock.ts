/** Time comes from here, never from `new Date()` or timers in logic, so tests can move it without sleeping. */
export interface Clock {
  now(): Date;
  /** Waits (holding an answer back, e.g. to slow down password guessing). */
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** A clock that only moves when told to (tests); sleeping moves it at once and is recorded. */
export class ManualClock implements Clock {
  private current: number;
  /** Every sleep asked for, in order. */
  readonly sleeps: number[] = [];

  constructor(start: Date | string = '2026-03-02T09:00:00.000Z') {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  async sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    this.current += ms;
  }

  advance(ms: number): void {
    this.current += ms;
  }

  set(to: Date | string): void {
    this.current = new Date(to).getTime();
  }
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
